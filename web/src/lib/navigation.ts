// Client-side page navigation without a router library: one document-level click listener, page data
// loaded from /_data/<route>.json, history.pushState, scroll handling and a delayed progress bar.
// React reads the current page through the store interface (useSyncExternalStore).

import { LruCache } from "./cache";
import { canPrefetch, classifyLink, shouldIntercept, type ConnectionLike } from "./links";
import { dataPath } from "./routes";
import type { PageData, SiteData } from "./types";

export { dataPath } from "./routes";
export { shouldIntercept, classifyLink, canPrefetch } from "./links";
export { LruCache } from "./cache";

/** What the UI renders from. Replaced (never mutated) on every change. */
export interface RouteState {
  page: PageData;
  /** True while a navigation has been loading for longer than the progress delay. */
  loading: boolean;
}

/** The read side React needs: a server render uses a fixed store, the browser a Navigator. */
export interface RouteStore {
  subscribe(listener: () => void): () => void;
  getState(): RouteState;
}

/** A store that never changes, for server rendering and tests. */
export function staticStore(page: PageData): RouteStore {
  const state: RouteState = { page, loading: false };
  return { subscribe: () => () => {}, getState: () => state };
}

/** Spec §9: route cache limit and progress bar delay. */
export const ROUTE_CACHE_LIMIT = 10_000;
export const PROGRESS_DELAY_MS = 200;

/** Title shown in the browser tab; the home page uses the site title alone. */
export function documentTitle(page: PageData, site: Pick<SiteData, "title">): string {
  return page.kind === "home" || page.title === "" ? site.title : `${page.title} | ${site.title}`;
}

export interface NavigatorOptions {
  site: SiteData;
  page: PageData;
  /** Loads one page's data; the default fetches dataPath(route) and fails on a non-2xx status. */
  fetchPage?: (route: string, fresh: boolean) => Promise<PageData>;
  /** Runs a state change so that the DOM is updated when it returns (the client passes flushSync). */
  commit?: (fn: () => void) => void;
  /** Full page load, used when page data cannot be loaded. */
  fullLoad?: (url: string) => void;
  progressDelayMs?: number;
  cacheLimit?: number;
}

interface HistoryState {
  tzScrollY?: number;
}

export async function fetchPageData(route: string, fresh: boolean): Promise<PageData> {
  const res = await fetch(dataPath(route), { cache: fresh ? "no-store" : "default", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`page data for ${route}: HTTP ${res.status}`);
  return (await res.json()) as PageData;
}

export class Navigator implements RouteStore {
  readonly cache: LruCache<string, PageData>;
  private state: RouteState;
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Map<string, Promise<PageData>>();
  private readonly opts: Required<Omit<NavigatorOptions, "site" | "page">> & { site: SiteData };
  /** Path of the document currently shown (compared with location on popstate). */
  private currentPath: string;
  /** Incremented per navigation so a slow response never overwrites a newer one. */
  private seq = 0;

  constructor(options: NavigatorOptions) {
    this.opts = {
      site: options.site,
      fetchPage: options.fetchPage ?? fetchPageData,
      commit: options.commit ?? ((fn) => fn()),
      fullLoad: options.fullLoad ?? ((url) => window.location.assign(url)),
      progressDelayMs: options.progressDelayMs ?? PROGRESS_DELAY_MS,
      cacheLimit: options.cacheLimit ?? ROUTE_CACHE_LIMIT,
    };
    this.cache = new LruCache(this.opts.cacheLimit);
    this.state = { page: options.page, loading: false };
    this.currentPath = typeof window === "undefined" ? options.page.route : window.location.pathname;
    if (options.page.html !== undefined) this.cache.set(options.page.route, options.page);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): RouteState => this.state;

  private setState(next: Partial<RouteState>): void {
    this.state = { ...this.state, ...next };
    this.opts.commit(() => {
      for (const l of this.listeners) l();
    });
  }

  /** Page data for a route, from the cache, a request already under way, or the network. */
  load(route: string, fresh = false): Promise<PageData> {
    if (!fresh) {
      const hit = this.cache.get(route);
      if (hit) return Promise.resolve(hit);
      const inFlight = this.pending.get(route);
      if (inFlight) return inFlight;
    }
    const p = this.opts.fetchPage(route, fresh).then(
      (page) => {
        this.cache.set(route, page);
        this.pending.delete(route);
        return page;
      },
      (err: unknown) => {
        this.pending.delete(route);
        throw err;
      },
    );
    this.pending.set(route, p);
    return p;
  }

  /** Starts loading a page the reader is likely to open next; failures are ignored. */
  prefetch(href: string): void {
    const conn = (globalThis.navigator as { connection?: ConnectionLike } | undefined)?.connection;
    if (!canPrefetch(conn)) return;
    let url: URL;
    try {
      url = new URL(href, window.location.href);
    } catch {
      return;
    }
    this.load(url.pathname).catch(() => {});
  }

  /** Shows the page at `href`: loads its data first, then renders, updates history, title and scroll. */
  async navigate(href: string, options: { push?: boolean; scrollY?: number } = {}): Promise<void> {
    const push = options.push ?? true;
    const url = new URL(href, window.location.href);
    const id = ++this.seq;
    const timer = setTimeout(() => {
      if (id === this.seq) this.setState({ loading: true });
    }, this.opts.progressDelayMs);
    let page: PageData;
    try {
      page = await this.load(url.pathname);
    } catch {
      clearTimeout(timer);
      if (id === this.seq) this.opts.fullLoad(url.href);
      return;
    }
    clearTimeout(timer);
    if (id !== this.seq) return;
    if (push) {
      this.saveScroll();
      window.history.pushState({ tzScrollY: 0 } satisfies HistoryState, "", url.href);
    }
    this.currentPath = url.pathname;
    this.setState({ page, loading: false });
    document.title = documentTitle(page, this.opts.site);
    this.scrollAfterRoute(url.hash, options.scrollY);
  }

  /** Fetches the current page again, bypassing the cache, and re-renders it in place (dev reload). */
  async reload(): Promise<void> {
    const route = this.state.page.route;
    const y = window.scrollY;
    const page = await this.load(route, true);
    if (this.state.page.route !== route) return;
    this.setState({ page });
    document.title = documentTitle(page, this.opts.site);
    window.scrollTo(0, y);
  }

  /** Remembers the scroll position in the current history entry, for back/forward. */
  saveScroll(): void {
    const prev = (window.history.state ?? {}) as HistoryState;
    window.history.replaceState({ ...prev, tzScrollY: window.scrollY } satisfies HistoryState, "");
  }

  private scrollAfterRoute(hash: string, y: number | undefined): void {
    if (hash.length > 1) {
      const target = document.getElementById(decodeHash(hash));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, y ?? 0);
  }

  private onClick = (e: MouseEvent): void => {
    const anchor = anchorOf(e.target);
    if (!anchor) return;
    const here = window.location.href;
    if (!shouldIntercept(e, anchor, here)) {
      if (!e.defaultPrevented && classifyLink(anchor, here) === "hash") this.saveScroll();
      return;
    }
    e.preventDefault();
    void this.navigate(anchor.href);
  };

  private onPopState = (e: PopStateEvent): void => {
    const state = (e.state ?? {}) as HistoryState;
    const loc = window.location;
    if (loc.pathname === this.currentPath) {
      // Only the hash changed (or the same page again): scroll, load nothing.
      this.scrollAfterRoute(loc.hash, state.tzScrollY ?? (loc.hash ? undefined : window.scrollY));
      return;
    }
    void this.navigate(loc.href, { push: false, scrollY: state.tzScrollY });
  };

  private onIntent = (e: Event): void => {
    const anchor = anchorOf(e.target);
    if (anchor && classifyLink(anchor, window.location.href) === "page") this.prefetch(anchor.href);
  };

  /** Attaches the document listeners; returns a function that detaches them. */
  start(): () => void {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    document.addEventListener("click", this.onClick);
    document.addEventListener("mouseover", this.onIntent, { passive: true });
    document.addEventListener("focusin", this.onIntent);
    document.addEventListener("touchstart", this.onIntent, { passive: true });
    window.addEventListener("popstate", this.onPopState);
    return () => {
      document.removeEventListener("click", this.onClick);
      document.removeEventListener("mouseover", this.onIntent);
      document.removeEventListener("focusin", this.onIntent);
      document.removeEventListener("touchstart", this.onIntent);
      window.removeEventListener("popstate", this.onPopState);
    };
  }
}

function anchorOf(target: EventTarget | null): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const a = target.closest("a[href]");
  return a instanceof HTMLAnchorElement ? a : null;
}

function decodeHash(hash: string): string {
  const raw = hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
