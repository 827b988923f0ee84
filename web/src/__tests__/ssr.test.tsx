import { act } from "react";
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startClient } from "../client";
import { render } from "../entry-server";
import type { PageData, SiteData } from "../lib/contract";
import { docFixture, homeFixture, siteFixture } from "../test/fixtures";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Writes the body the way the Go build does: the SSR output, then the data without page.html. */
function writePage(site: SiteData, page: PageData, inlinePage: PageData = page): void {
  const markup = render({ site, page });
  const { html: _html, ...withoutHtml } = inlinePage;
  const json = JSON.stringify({ site, page: withoutHtml }).replace(/</g, "\\u003c");
  document.body.innerHTML = `<div id="__tz">${markup}</div><script id="__TZ_DATA__" type="application/json">${json}</script>`;
}

let root: Root | undefined;
/** Errors React reports through window.reportError (recoverable hydration errors end up here; a
 *  browser prints them to the console). */
let reported: unknown[] = [];
const onError = (e: ErrorEvent) => {
  reported.push(e.error);
  e.preventDefault();
};

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  window.history.replaceState(null, "", "/");
  reported = [];
  window.addEventListener("error", onError);
});

afterEach(() => {
  window.removeEventListener("error", onError);
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

async function hydrate(): Promise<ReturnType<typeof startClient>> {
  let started!: ReturnType<typeof startClient>;
  await act(async () => {
    started = startClient(document);
  });
  root = started.root;
  return started;
}

describe("server render + hydration", () => {
  it.each([
    ["a doc page", docFixture()],
    ["a doc page without sidebar, TOC or dates", docFixture({ sidebar: undefined, toc: [], lastUpdated: undefined, prev: undefined, next: undefined, breadcrumbs: [] })],
    ["the home page", homeFixture()],
    ["a plain page", docFixture({ kind: "page", route: "/markdown-page", sidebar: undefined })],
    ["the not-found page", docFixture({ kind: "notfound", route: "/nope", html: "", sidebar: undefined })],
    ["the search page", docFixture({ kind: "search", route: "/search", title: "Search", html: "", sidebar: undefined, toc: [] })],
  ])("hydrates %s without any console error", async (_name, page) => {
    const site = siteFixture();
    window.history.replaceState(null, "", page.route);
    writePage(site, page);
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    const { nav } = await hydrate();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(reported).toEqual([]);
    // The markdown was read back from the DOM and is still there after hydration.
    expect(nav.getState().page.html).toBe(page.html);
    // Compared by structure, not byte for byte: the Markdown enhancements (copy buttons, tabs) add
    // their own elements after hydration.
    if (page.html) {
      const md = document.querySelector("[data-tz-markdown]");
      const original = document.createElement("template");
      original.innerHTML = page.html;
      const ids = (root: ParentNode | null | undefined) => [...(root?.querySelectorAll("[id]") ?? [])].map((e) => e.id);
      expect(ids(md)).toEqual(ids(original.content));
      for (const p of original.content.querySelectorAll("p")) expect(md?.textContent).toContain(p.textContent);
    }
  });

  it("renders the doc page parts", () => {
    const html = render({ site: siteFixture(), page: docFixture() });
    const div = document.createElement("div");
    div.innerHTML = html;
    expect(div.querySelector("h1")?.textContent).toBe("FA1.2 tokens");
    expect(div.querySelector("nav.tz-breadcrumbs[aria-label=Breadcrumbs]")).not.toBeNull();
    expect(div.querySelector("nav.tz-pagination")?.textContent).toContain("FA2 tokens");
    expect(div.querySelector("nav.tz-toc")).not.toBeNull();
    expect(div.querySelector(".tz-sidebar [aria-current=page]")?.textContent).toBe("FA1.2");
    expect(div.querySelector(".tz-last-updated")?.textContent).toBe("Last updated on Nov 22, 2026");
    expect(div.querySelector(".tz-markdown[data-tz-markdown] .tz-admonition--note")).not.toBeNull();
  });

  it("reports a mismatch when the inline data disagrees with the markup (so the check above can fail)", async () => {
    const site = siteFixture();
    const page = docFixture();
    window.history.replaceState(null, "", page.route);
    writePage(site, page, { ...page, title: "Another title" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await hydrate();
    expect(error.mock.calls.length + reported.length).toBeGreaterThan(0);
  });

  it("refuses to render a page without html", () => {
    const { html: _html, ...page } = docFixture();
    expect(() => render({ site: siteFixture(), page })).toThrow(/page\.html is missing/);
  });
});
