// Client-side page navigation without a router library: one document-level click listener, page data
// loaded from /_data/<route>.json, history.pushState, scroll handling and a delayed progress bar.
// React reads the current page through the store interface (useSyncExternalStore).

import { LruCache } from "./cache";
import { canPrefetch, classifyLink, shouldIntercept, type ConnectionLike } from "./links";
import { dataPath } from "./routes";

/** Keeps target in place while content above it is drawn (lib/keepInView, loaded when needed). */
const keepInView = (target: Element) => void import("./keepInView").then((m) => m.keepInView(target), () => {});
import { SiteDataURL, type PageData, type SiteData } from "./contract";

export { dataPath } from "./routes";
export { shouldIntercept, classifyLink, canPrefetch } from "./links";
export { LruCache } from "./cache";

/** What the UI renders from. Replaced (never mutated) on every change. */
export interface RouteState {
  /** Site-wide data (navbar, sidebars, footer); replaced only by a dev reload. */
  site: SiteData;
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
export function staticStore(site: SiteData, page: PageData): RouteStore {
  const state: RouteState = { site, page, loading: false };
  return { subscribe: () => () => {}, getState: () => state };
}

/** Route cache limit and progress bar delay (docs/behaviour.md, "Navigation and layout"). */
export const ROUTE_CACHE_LIMIT = 10_000;
export const PROGRESS_DELAY_MS = 200;
const SCROLL_SAVE_DELAY_MS = 250;

/** Title shown in the browser tab; the home page uses the site title alone. */
export function documentTitle(page: PageData, site: Pick<SiteData, "title">): string {
  return page.kind === "home" || page.title === "" ? site.title : `${page.title} | ${site.title}`;
}

export interface NavigatorOptions {
  site: SiteData;
  page: PageData;
  /** Loads one page's data; the default fetches dataPath(route) and fails on a non-2xx status. */
  fetchPage?: (route: string, fresh: boolean) => Promise<PageData>;
  /** Loads the site data (dev reload, and the sidebars a page's inline data lacks); the default fetches
   *  SITE_DATA_PATH without the cache. */
  fetchSite?: () => Promise<SiteData>;
  /** Runs a state change so that the DOM is updated when it returns (the client passes flushSync). */
  commit?: (fn: () => void) => void;
  /** Loads the code the page renders with before it is shown (a rare kind's island chunk), so the
   *  previous page stays until the next can be drawn; a rejection makes a full page load, as for page
   *  data. Default: nothing to load. */
  pageCode?: (kind: PageData["kind"]) => Promise<void>;
  /** Full page load, used when page data cannot be loaded. */
  fullLoad?: (url: string) => void;
  progressDelayMs?: number;
  cacheLimit?: number;
}

interface HistoryState {
  tzScrollY?: number;
}

/** Where the build writes the site data (navbar, sidebars, footer). */
export const SITE_DATA_PATH = SiteDataURL;

export async function fetchSiteData(): Promise<SiteData> {
  const res = await fetch(SITE_DATA_PATH, { cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`site data: HTTP ${res.status}`);
  return (await res.json()) as SiteData;
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
  private readonly opts: Required<Omit<NavigatorOptions, "site" | "page">>;
  /** Path of the document currently shown (compared with location on popstate). */
  private currentPath: string;
  /** The full site data, fetched once a page of a sidebar not inlined is opened (see siteFor). */
  private fullSite: Promise<SiteData> | undefined;
  /** Incremented per navigation so a slow response never overwrites a newer one. */
  private seq = 0;

  constructor(options: NavigatorOptions) {
    this.opts = {
      fetchSite: options.fetchSite ?? fetchSiteData,
      fetchPage: options.fetchPage ?? fetchPageData,
      commit: options.commit ?? ((fn) => fn()),
      pageCode: options.pageCode ?? (() => Promise.resolve()),
      fullLoad: options.fullLoad ?? ((url) => window.location.assign(url)),
      progressDelayMs: options.progressDelayMs ?? PROGRESS_DELAY_MS,
      cacheLimit: options.cacheLimit ?? ROUTE_CACHE_LIMIT,
    };
    this.cache = new LruCache(this.opts.cacheLimit);
    this.state = { site: options.site, page: options.page, loading: false };
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
    this.load(url.pathname)
      .then((page) => this.opts.pageCode(page.kind))
      .catch(() => {});
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
    let site: SiteData;
    try {
      [page, site] = await Promise.all([this.load(url.pathname), this.siteFor(url.pathname)]);
      await this.opts.pageCode(page.kind);
    } catch {
      clearTimeout(timer);
      if (id === this.seq) this.opts.fullLoad(url.href);
      return;
    }
    clearTimeout(timer);
    if (id !== this.seq) return;
    if (push) {
      this.saveScroll();
      // A link to the page already shown replaces the entry instead of adding a duplicate, like the browser.
      const samePage = url.pathname === this.currentPath && url.search === window.location.search;
      if (samePage) window.history.replaceState({ tzScrollY: 0 } satisfies HistoryState, "", url.href);
      else window.history.pushState({ tzScrollY: 0 } satisfies HistoryState, "", url.href);
    }
    this.currentPath = url.pathname;
    this.setState(site === this.state.site ? { page, loading: false } : { site, page, loading: false });
    document.title = documentTitle(page, this.state.site);
    const target = this.scrollAfterRoute(url.hash, options.scrollY);
    // Like the browser's own fragment navigation, reading continues at the target: focus moves there
    // (out of the navbar whose link was followed, which can then hide and leave the target in view).
    if (target instanceof HTMLElement && push) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }

  /** The site data with the sidebar of the page at route. A page's inline data holds only its own
   *  sidebar; the first visit to a page of another sidebar fetches the site data, which has them all. */
  private async siteFor(route: string): Promise<SiteData> {
    const page = await this.load(route);
    const { site } = this.state;
    if (page.sidebar === undefined || page.sidebar in site.sidebars) return site;
    this.fullSite ??= this.opts.fetchSite().catch((err: unknown) => {
      this.fullSite = undefined;
      throw err;
    });
    const full = await this.fullSite;
    return { ...site, sidebars: { ...full.sidebars, ...site.sidebars } };
  }

  /** Fetches the site data and the current page again, bypassing every cache, and re-renders in place
   *  keeping the scroll position (dev reload after a rebuild). */
  async reload(): Promise<void> {
    const route = this.state.page.route;
    const y = window.scrollY;
    const [site, page] = await Promise.all([this.opts.fetchSite(), this.load(route, true)]);
    if (this.state.page.route !== route) return;
    this.setState({ site: { ...site, devEventsUrl: this.state.site.devEventsUrl }, page });
    document.title = documentTitle(page, this.state.site);
    window.scrollTo(0, y);
  }

  /** Remembers the scroll position in the current history entry, for back/forward and reload. */
  saveScroll = (): void => {
    clearTimeout(this.scrollTimer);
    const prev = (window.history.state ?? {}) as HistoryState;
    window.history.replaceState({ ...prev, tzScrollY: window.scrollY } satisfies HistoryState, "");
  };

  /** Scrolls to the hash target, or to y (the top by default); returns the target if there is one. */
  private scrollAfterRoute(hash: string, y: number | undefined): Element | null {
    if (hash.length > 1) {
      const target = document.getElementById(decodeHash(hash));
      if (target) {
        target.scrollIntoView();
        // Diagrams, formulas and images above it are laid out after this jump.
        keepInView(target);
        return target;
      }
    }
    window.scrollTo(0, y ?? 0);
    return null;
  }

  private onClick = (e: MouseEvent): void => {
    const anchor = anchorOf(e.target);
    if (!anchor) return;
    const here = window.location.href;
    if (!shouldIntercept(e, anchor, here)) {
      if (!e.defaultPrevented && classifyLink(anchor, here) === "hash") this.followHash(e, anchor);
      return;
    }
    e.preventDefault();
    void this.navigate(anchor.href);
  };

  /** A plain click on a link to a target on this page: update history, then scroll there with the
   *  animation of lib/scroll (the browser would jump). Modified clicks and unknown targets are left to
   *  the browser. */
  private followHash(e: MouseEvent, anchor: HTMLAnchorElement): void {
    this.saveScroll();
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const url = new URL(anchor.href);
    const id = decodeHash(url.hash);
    const target = id === "" ? document.documentElement : document.getElementById(id);
    if (!target) return;
    e.preventDefault();
    if (url.href !== window.location.href) window.history.pushState({ tzScrollY: window.scrollY } satisfies HistoryState, "", url.href);
    // Like the browser's own fragment navigation, move keyboard focus to a focusable target (the skip link's <main>).
    if (target instanceof HTMLElement && target.hasAttribute("tabindex")) target.focus({ preventScroll: true });
    // The animation's code is loaded on the first such click; without it, the browser's jump.
    void import("./scroll")
      .then((m) => m.scrollToElement(target), () => target.scrollIntoView())
      .then(this.saveScroll);
  }

  private onPopState = (e: PopStateEvent): void => {
    // A save still pending belongs to the entry just left; it must not land on this one.
    clearTimeout(this.scrollTimer);
    const state = (e.state ?? {}) as HistoryState;
    const loc = window.location;
    if (loc.pathname === this.currentPath) {
      // Only the hash changed (or the same page again): scroll, load nothing.
      this.scrollAfterRoute(loc.hash, state.tzScrollY ?? (loc.hash ? undefined : window.scrollY));
      return;
    }
    void this.navigate(loc.href, { push: false, scrollY: state.tzScrollY });
  };

  private scrollTimer: ReturnType<typeof setTimeout> | undefined;

  /** Saves the scroll position once scrolling has paused (history updates are rate-limited). */
  private onScroll = (): void => {
    clearTimeout(this.scrollTimer);
    this.scrollTimer = setTimeout(this.saveScroll, SCROLL_SAVE_DELAY_MS);
  };

  private onIntent = (e: Event): void => {
    const anchor = anchorOf(e.target);
    if (anchor && classifyLink(anchor, window.location.href) === "page") this.prefetch(anchor.href);
  };

  /** Attaches the document listeners; returns a function that detaches them. */
  start(): () => void {
    // Scroll is ours to restore, after the page data has rendered. That includes a reload or a return
    // from another site, which the browser would otherwise have restored itself.
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const y = (window.history.state as HistoryState | null)?.tzScrollY;
    const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
    if (typeof y === "number" && !window.location.hash && (entry?.type === "reload" || entry?.type === "back_forward")) {
      window.scrollTo(0, y);
    }
    // A page opened at a hash: the browser jumped there before diagrams and formulas above the
    // target were drawn; keep the target in place while they are.
    const initial = window.location.hash.length > 1 ? document.getElementById(decodeHash(window.location.hash)) : null;
    if (initial) keepInView(initial);
    // Keep the entry's scroll position current (a browser may drop history changes made while unloading).
    window.addEventListener("scroll", this.onScroll, { passive: true });
    window.addEventListener("pagehide", this.saveScroll);
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
      window.removeEventListener("pagehide", this.saveScroll);
      window.removeEventListener("scroll", this.onScroll);
      clearTimeout(this.scrollTimer);
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
