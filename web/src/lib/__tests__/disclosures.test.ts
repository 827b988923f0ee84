import { afterEach, describe, expect, it, vi } from "vitest";
import { connectDevEvents } from "../dev";
import { restoreDisclosures, saveDisclosures } from "../disclosures";

/** A page body as the build writes it: two <details> with the same summary, one with another, and
 *  a tab block (html-contract "Tabs"). */
function pageHtml(extra = ""): string {
  const tab = (v: string, on: boolean) =>
    `<button type="button" class="tz-tabs__tab" role="tab" aria-selected="${on}" tabindex="${on ? 0 : -1}" data-value="${v}">${v}</button>`;
  return `<div class="tz-markdown">${extra}
    <details><summary>Example</summary><p>one</p></details>
    <details><summary>Example</summary><p>two</p></details>
    <details><summary>Other</summary><p>three</p></details>
    <div class="tz-tabs"><div class="tz-tabs__list" role="tablist">${tab("linux", true)}${tab("macos", false)}</div>
      <div class="tz-tabs__panel" role="tabpanel" data-value="linux"></div>
      <div class="tz-tabs__panel" role="tabpanel" data-value="macos" hidden></div></div></div>`;
}

function state(root: HTMLElement) {
  return {
    open: [...root.querySelectorAll("details")].map((d) => d.open),
    tab: root.querySelector<HTMLElement>('.tz-tabs__tab[aria-selected="true"]')?.dataset.value,
    hidden: [...root.querySelectorAll<HTMLElement>(".tz-tabs__panel")].map((p) => p.hidden),
  };
}

/** What the reader did: opened the second "Example" and chose the macOS tab. */
function interact(root: HTMLElement) {
  root.querySelectorAll("details")[1]!.open = true;
  const tabs = root.querySelectorAll<HTMLElement>(".tz-tabs__tab");
  tabs[0]!.setAttribute("aria-selected", "false");
  tabs[1]!.setAttribute("aria-selected", "true");
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("disclosures across a dev reload", () => {
  it("restores open details and the chosen tab in a new render of the page", () => {
    const root = document.createElement("div");
    root.innerHTML = pageHtml();
    interact(root);
    const saved = saveDisclosures(root);
    root.innerHTML = pageHtml("<p>A paragraph the writer added above.</p><details><summary>New</summary></details>");
    expect(state(root).open).toEqual([false, false, false, false]);
    restoreDisclosures(root, saved);
    expect(state(root)).toEqual({ open: [false, false, true, false], tab: "macos", hidden: [true, false] });
  });

  it("keeps them when a reload event replaces the page's HTML", async () => {
    class FakeEventSource {
      static last: FakeEventSource | undefined;
      readonly listeners = new Map<string, ((e: Event) => void)[]>();
      constructor(readonly url: string) {
        FakeEventSource.last = this;
      }
      addEventListener(type: string, fn: (e: Event) => void) {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
      }
      close() {}
    }
    vi.stubGlobal("EventSource", FakeEventSource);
    document.body.innerHTML = `<div id="__tz">${pageHtml()}</div>`;
    const root = document.getElementById("__tz")!;
    interact(root);
    let rendered!: () => void;
    const done = new Promise<void>((resolve) => (rendered = resolve));
    const target = {
      cache: { delete: () => true },
      reload: () => {
        root.innerHTML = pageHtml("<p>Edited.</p>"); // what React does with the new page's HTML
        rendered();
        return Promise.resolve();
      },
    };
    connectDevEvents("/_dev/events", target);
    for (const fn of FakeEventSource.last!.listeners.get("reload") ?? []) fn(new MessageEvent("reload", { data: '{"routes":["/a"]}' }));
    await done;
    await Promise.resolve();
    expect(root.textContent).toContain("Edited.");
    expect(state(root)).toEqual({ open: [false, true, false], tab: "macos", hidden: [true, false] });
  });
});
