import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentTitle, Navigator } from "../navigation";
import type { PageData } from "../contract";
import { docFixture, homeFixture, siteFixture } from "../../test/fixtures";

const site = siteFixture();

function pageAt(route: string, title: string): PageData {
  return docFixture({ route, title, html: `<p>${title}</p><h2 id="deep">Deep</h2>` });
}

function setup(fetchPage: (route: string, fresh: boolean) => Promise<PageData>) {
  const fullLoad = vi.fn<(url: string) => void>();
  const nav = new Navigator({ site, page: pageAt("/start", "Start"), fetchPage, fullLoad, fetchSite: () => Promise.resolve(siteFixture({ title: "Reloaded site" })) });
  const stop = nav.start();
  return { nav, fullLoad, stop };
}

let stops: (() => void)[] = [];

beforeEach(() => {
  window.history.replaceState(null, "", "/start");
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  document.body.innerHTML = "";
});

afterEach(() => {
  for (const s of stops) s();
  stops = [];
  vi.useRealTimers();
});

describe("documentTitle", () => {
  it("adds the site title, except on the home page", () => {
    expect(documentTitle(pageAt("/a", "Accounts"), site)).toBe("Accounts | Tezos Documentation");
    expect(documentTitle(homeFixture(), site)).toBe("Tezos Documentation");
  });
});

describe("Navigator", () => {
  it("loads the page data, then updates state, history and title", async () => {
    const fetchPage = vi.fn((route: string) => Promise.resolve(pageAt(route, "Bakers")));
    const { nav, stop } = setup(fetchPage);
    stops.push(stop);
    const seen: string[] = [];
    nav.subscribe(() => seen.push(nav.getState().page.route));
    await nav.navigate("/architecture/bakers");
    expect(fetchPage).toHaveBeenCalledWith("/architecture/bakers", false);
    expect(nav.getState().page.title).toBe("Bakers");
    expect(window.location.pathname).toBe("/architecture/bakers");
    expect(document.title).toBe("Bakers | Tezos Documentation");
    expect(seen).toEqual(["/architecture/bakers"]);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("fetches the site data once for a page of a sidebar the inline data lacks, and keeps the site otherwise", async () => {
    const tutorials = [{ type: "link" as const, label: "First", href: "/tutorials/first", external: false }];
    const ownOnly = siteFixture().sidebars;
    const full = siteFixture({ sidebars: { ...ownOnly, tutorials } });
    const fetchSite = vi.fn(() => Promise.resolve(full));
    const nav = new Navigator({
      site: { ...full, sidebars: ownOnly },
      page: pageAt("/start", "Start"),
      fetchPage: (route) => Promise.resolve(docFixture({ route, sidebar: route.startsWith("/tutorials") ? "tutorials" : "documentation" })),
      fetchSite,
    });
    stops.push(nav.start());
    const before = nav.getState().site;
    await nav.navigate("/architecture");
    expect(nav.getState().site).toBe(before);
    expect(fetchSite).not.toHaveBeenCalled();
    await nav.navigate("/tutorials/first");
    expect(nav.getState().site.sidebars.tutorials).toEqual(tutorials);
    expect(nav.getState().site.sidebars.documentation).toEqual(full.sidebars.documentation);
    await nav.navigate("/tutorials/second");
    expect(fetchSite).toHaveBeenCalledTimes(1);
  });

  it("replaces the history entry for a link to the page already shown", async () => {
    const { nav, stop } = setup((route) => Promise.resolve(pageAt(route, "Same")));
    stops.push(stop);
    await nav.navigate("/other");
    const length = window.history.length;
    await nav.navigate("/other");
    expect(window.history.length).toBe(length);
    await nav.navigate("/third");
    expect(window.history.length).toBe(length + 1);
  });

  it("serves a second visit from the cache", async () => {
    const fetchPage = vi.fn((route: string) => Promise.resolve(pageAt(route, route)));
    const { nav, stop } = setup(fetchPage);
    stops.push(stop);
    await nav.navigate("/a");
    await nav.navigate("/b");
    await nav.navigate("/a");
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual(["/a", "/b"]);
  });

  it("scrolls to the hash target after rendering", async () => {
    const target = document.createElement("h2");
    target.id = "deep";
    target.scrollIntoView = vi.fn();
    document.body.append(target);
    const { nav, stop } = setup((route) => Promise.resolve(pageAt(route, "Deep")));
    stops.push(stop);
    await nav.navigate("/elsewhere#deep");
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(window.location.hash).toBe("#deep");
  });

  it("falls back to a full page load when the data cannot be fetched", async () => {
    const { nav, fullLoad, stop } = setup(() => Promise.reject(new Error("HTTP 404")));
    stops.push(stop);
    await nav.navigate("/missing");
    expect(fullLoad).toHaveBeenCalledWith(`${window.location.origin}/missing`);
    expect(nav.getState().page.route).toBe("/start");
    expect(window.location.pathname).toBe("/start");
  });

  it("shows the progress bar only after 200 ms and hides it when the route updates", async () => {
    vi.useFakeTimers();
    let resolve!: (p: PageData) => void;
    const { nav, stop } = setup(() => new Promise<PageData>((r) => (resolve = r)));
    stops.push(stop);
    const done = nav.navigate("/slow");
    await vi.advanceTimersByTimeAsync(199);
    expect(nav.getState().loading).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(nav.getState().loading).toBe(true);
    resolve(pageAt("/slow", "Slow"));
    await done;
    expect(nav.getState().loading).toBe(false);
    expect(nav.getState().page.route).toBe("/slow");
  });

  it("never shows the progress bar for a fast load", async () => {
    vi.useFakeTimers();
    const { nav, stop } = setup((route) => Promise.resolve(pageAt(route, "Fast")));
    stops.push(stop);
    const states: boolean[] = [];
    nav.subscribe(() => states.push(nav.getState().loading));
    await nav.navigate("/fast");
    await vi.advanceTimersByTimeAsync(500);
    expect(states).toEqual([false]);
  });

  it("ignores a slow answer once a newer navigation finished", async () => {
    const resolvers = new Map<string, (p: PageData) => void>();
    const { nav, stop } = setup((route) => new Promise<PageData>((r) => resolvers.set(route, r)));
    stops.push(stop);
    const first = nav.navigate("/first");
    const second = nav.navigate("/second");
    resolvers.get("/second")?.(pageAt("/second", "Second"));
    await second;
    resolvers.get("/first")?.(pageAt("/first", "First"));
    await first;
    expect(nav.getState().page.route).toBe("/second");
    expect(window.location.pathname).toBe("/second");
  });

  it("intercepts plain clicks on internal links and leaves other clicks alone", async () => {
    const fetchPage = vi.fn((route: string) => Promise.resolve(pageAt(route, "Clicked")));
    const { nav, stop } = setup(fetchPage);
    stops.push(stop);
    // Runs after the navigator's document listener: records its decision, then stops jsdom from
    // following the link itself.
    const prevented: boolean[] = [];
    const after = (e: Event) => {
      prevented.push(e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener("click", after);
    stops.push(() => window.removeEventListener("click", after));
    document.body.innerHTML = '<a id="in" href="/architecture/nodes"><span>Nodes</span></a><a id="out" href="https://x.example.test/">x</a>';
    const span = document.querySelector("#in span") as HTMLElement;
    span.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    await vi.waitFor(() => expect(nav.getState().page.route).toBe("/architecture/nodes"));
    document.getElementById("in")?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    document.getElementById("out")?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    expect(prevented).toEqual([true, false, false]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it("goes back on popstate without pushing a new entry", async () => {
    const { nav, stop } = setup((route) => Promise.resolve(pageAt(route, route)));
    stops.push(stop);
    await nav.navigate("/one");
    await nav.navigate("/two");
    const before = window.history.length;
    window.history.replaceState(null, "", "/one");
    window.dispatchEvent(new PopStateEvent("popstate", { state: { tzScrollY: 120 } }));
    await vi.waitFor(() => expect(nav.getState().page.route).toBe("/one"));
    expect(window.history.length).toBe(before);
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  it("restores the scroll position saved in the history entry after a reload", () => {
    window.history.replaceState({ tzScrollY: 480 }, "", "/start");
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type: "reload" } as PerformanceNavigationTiming]);
    const { stop } = setup((route) => Promise.resolve(pageAt(route, "x")));
    stops.push(stop);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 480);
  });

  it("does not restore a saved position on a fresh visit", () => {
    window.history.replaceState({ tzScrollY: 480 }, "", "/start");
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type: "navigate" } as PerformanceNavigationTiming]);
    const { stop } = setup((route) => Promise.resolve(pageAt(route, "x")));
    stops.push(stop);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it("saves the scroll position once scrolling pauses", async () => {
    vi.useFakeTimers();
    const { stop } = setup((route) => Promise.resolve(pageAt(route, "x")));
    stops.push(stop);
    Object.defineProperty(window, "scrollY", { value: 900, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(100);
    expect((window.history.state as { tzScrollY?: number } | null)?.tzScrollY).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    expect((window.history.state as { tzScrollY?: number }).tzScrollY).toBe(900);
  });

  it("saves the scroll position when the page is left", () => {
    const { stop } = setup((route) => Promise.resolve(pageAt(route, "x")));
    stops.push(stop);
    Object.defineProperty(window, "scrollY", { value: 321, configurable: true });
    window.dispatchEvent(new Event("pagehide"));
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    expect((window.history.state as { tzScrollY?: number }).tzScrollY).toBe(321);
  });

  it("prefetches on hover so the click needs no request", async () => {
    const fetchPage = vi.fn((route: string) => Promise.resolve(pageAt(route, "Hovered")));
    const { nav, stop } = setup(fetchPage);
    stops.push(stop);
    document.body.innerHTML = '<a href="/hovered">h</a><a href="/img/x.png">img</a>';
    document.querySelector('a[href="/hovered"]')?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    document.querySelector('a[href="/img/x.png"]')?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.waitFor(() => expect(nav.cache.has("/hovered")).toBe(true));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await nav.navigate("/hovered");
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it("keeps the current page until the next page's code has loaded, and starts that load on hover", async () => {
    const home = homeFixture();
    let codeLoaded: () => void = () => {};
    const pageCode = vi.fn((kind: PageData["kind"]) => (kind === "home" ? new Promise<void>((r) => (codeLoaded = r)) : Promise.resolve()));
    const nav = new Navigator({ site, page: pageAt("/start", "Start"), fetchPage: () => Promise.resolve(home), pageCode });
    stops.push(nav.start());
    document.body.innerHTML = '<a href="/">home</a>';
    document.querySelector("a")?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.waitFor(() => expect(pageCode).toHaveBeenCalledWith("home"));
    const done = nav.navigate("/");
    await vi.waitFor(() => expect(pageCode).toHaveBeenCalledTimes(2));
    expect(nav.getState().page.route).toBe("/start");
    codeLoaded();
    await done;
    expect(nav.getState().page.kind).toBe("home");
  });

  it("moves focus to the hash target of a link to another page", async () => {
    const fetchPage = (route: string) => Promise.resolve(pageAt(route, "Glossary"));
    const { nav, stop } = setup(fetchPage);
    stops.push(stop);
    const scrolled = vi.fn();
    // The page's HTML is React's to render; here the heading is put in by hand.
    const heading = document.createElement("h2");
    heading.id = "deep";
    heading.scrollIntoView = scrolled;
    document.body.append(heading);
    await nav.navigate("/other#deep");
    expect(scrolled).toHaveBeenCalled();
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });

  it("loads the page from the server when its code cannot be loaded, keeping the current page", async () => {
    const fullLoad = vi.fn<(url: string) => void>();
    const pageCode = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://x/assets/HomePage-1.js"));
    const nav = new Navigator({ site, page: pageAt("/start", "Start"), fetchPage: () => Promise.resolve(homeFixture()), pageCode, fullLoad });
    stops.push(nav.start());
    await nav.navigate("/");
    expect(fullLoad).toHaveBeenCalledWith(`${window.location.origin}/`);
    expect(nav.getState().page.route).toBe("/start");
  });

  it("reload refetches the site and the current page bypassing the cache and keeps the scroll position", async () => {
    let version = 0;
    const fetchPage = vi.fn((route: string) => Promise.resolve(pageAt(route, `v${++version}`)));
    const { nav, stop } = setup(fetchPage);
    stops.push(stop);
    await nav.navigate("/live");
    Object.defineProperty(window, "scrollY", { value: 640, configurable: true });
    await nav.reload();
    expect(fetchPage).toHaveBeenLastCalledWith("/live", true);
    expect(nav.getState().page.title).toBe("v2");
    expect(nav.getState().site.title).toBe("Reloaded site");
    expect(document.title).toBe("v2 | Reloaded site");
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 640);
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  });

  it("takes over a plain click on a hash link: history entry, animated scroll, no page load", async () => {
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce") }));
    const fetchPage = vi.fn((route: string) => Promise.resolve(pageAt(route, route)));
    const { stop } = setup(fetchPage);
    stops.push(stop);
    const heading = document.createElement("h2");
    heading.id = "usage";
    heading.getBoundingClientRect = () => ({ top: 700 }) as DOMRect;
    const link = document.createElement("a");
    link.href = "#usage";
    link.textContent = "Usage";
    document.body.append(heading, link);
    const length = window.history.length;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(window.location.hash).toBe("#usage");
    expect(window.history.length).toBe(length + 1);
    // The scrolling code is loaded on this first click.
    await vi.waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: "instant" })));
    expect(fetchPage).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("leaves hash links with a missing target or a modifier key to the browser", () => {
    const { stop } = setup(() => Promise.reject(new Error("unused")));
    stops.push(stop);
    const heading = document.createElement("h2");
    heading.id = "here";
    const missing = document.createElement("a");
    missing.href = "#nowhere";
    const modified = document.createElement("a");
    modified.href = "#here";
    document.body.append(heading, missing, modified);
    const plain = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    missing.addEventListener("click", (e) => e.preventDefault()); // keep jsdom from navigating
    missing.dispatchEvent(plain);
    expect(window.location.hash).toBe("");
    const withCtrl = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    let prevented: boolean | null = null;
    document.addEventListener("click", (e) => (prevented = e.defaultPrevented), { once: true });
    modified.dispatchEvent(withCtrl);
    expect(prevented).toBe(false);
  });
});
