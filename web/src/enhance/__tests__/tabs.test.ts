import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { guardedStorage, type KeyValueStore } from "../storage";
import { enhanceTabs, tabsStorageKey, targetIndex } from "../tabs";

let counter = 0;

/** A tabs block exactly as the Go compiler writes it (html-contract "Tabs"). */
function tabsHtml(values: string[], opts: { groupId?: string; selected?: string; inner?: Record<string, string> } = {}): string {
  const n = ++counter;
  const selected = opts.selected ?? values[0];
  const tabs = values
    .map((v) => {
      const on = v === selected;
      return `<button type="button" class="tz-tabs__tab" role="tab" id="tz-tabs-${n}-${v}-tab" aria-controls="tz-tabs-${n}-${v}" aria-selected="${on}" tabindex="${on ? 0 : -1}" data-value="${v}">${v.toUpperCase()}</button>`;
    })
    .join("");
  const panels = values
    .map((v) => `<div class="tz-tabs__panel" role="tabpanel" id="tz-tabs-${n}-${v}" aria-labelledby="tz-tabs-${n}-${v}-tab" data-value="${v}"${v === selected ? "" : " hidden"}>${opts.inner?.[v] ?? `<p>${v} body</p>`}</div>`)
    .join("");
  const group = opts.groupId ? ` data-group-id="${opts.groupId}"` : "";
  return `<div class="tz-tabs"${group}><div class="tz-tabs__list" role="tablist">${tabs}</div>${panels}</div>`;
}

/** The selected value of each block, from the ARIA state, checked against tabindex and hidden. */
function selection(root: HTMLElement): string[] {
  return [...root.querySelectorAll<HTMLElement>(".tz-tabs")].map((block) => {
    const tabs = [...block.querySelectorAll<HTMLElement>(":scope > .tz-tabs__list > .tz-tabs__tab")];
    const chosen = tabs.filter((t) => t.getAttribute("aria-selected") === "true");
    expect(chosen).toHaveLength(1);
    const value = chosen[0]!.dataset.value!;
    for (const t of tabs) expect(t.tabIndex).toBe(t.dataset.value === value ? 0 : -1);
    for (const p of block.querySelectorAll<HTMLElement>(":scope > .tz-tabs__panel")) expect(p.hidden).toBe(p.dataset.value !== value);
    return value;
  });
}

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, get: (k) => data[k] ?? null, set: (k, v) => void (data[k] = v) };
}

const tab = (root: HTMLElement, blockIndex: number, value: string) =>
  root.querySelectorAll(".tz-tabs")[blockIndex]!.querySelector<HTMLElement>(`:scope > .tz-tabs__list > [data-value="${value}"]`)!;

const key = (el: HTMLElement, k: string) => el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

let root: HTMLElement;
let cleanup: (() => void) | undefined;

beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  root.remove();
});

describe("targetIndex", () => {
  it.each([
    ["ArrowRight", 0, 1],
    ["ArrowRight", 2, 0],
    ["ArrowLeft", 0, 2],
    ["ArrowDown", 1, 2],
    ["ArrowUp", 1, 0],
    ["Home", 2, 0],
    ["End", 0, 2],
  ])("%s from %i of 3 goes to %i", (k, from, to) => {
    expect(targetIndex(k, from, 3)).toBe(to);
  });

  it("swaps left and right on right-to-left pages and ignores other keys", () => {
    expect(targetIndex("ArrowLeft", 0, 3, true)).toBe(1);
    expect(targetIndex("ArrowRight", 0, 3, true)).toBe(2);
    expect(targetIndex("Enter", 0, 3)).toBeUndefined();
  });
});

describe("enhanceTabs", () => {
  it("selects a tab on click and shows only its panel", () => {
    root.innerHTML = tabsHtml(["smartpy", "ligo", "archetype"]);
    cleanup = enhanceTabs(root, { store: memoryStore() });
    expect(selection(root)).toEqual(["smartpy"]);
    tab(root, 0, "ligo").click();
    expect(selection(root)).toEqual(["ligo"]);
    tab(root, 0, "archetype").click();
    expect(selection(root)).toEqual(["archetype"]);
  });

  it("moves selection and focus with arrow keys, Home and End", () => {
    root.innerHTML = tabsHtml(["a", "b", "c"]);
    cleanup = enhanceTabs(root, { store: memoryStore() });
    const first = tab(root, 0, "a");
    first.focus();
    expect(key(first, "ArrowRight")).toBe(false); // handled: default prevented
    expect(selection(root)).toEqual(["b"]);
    expect(document.activeElement).toBe(tab(root, 0, "b"));
    key(tab(root, 0, "b"), "End");
    expect(selection(root)).toEqual(["c"]);
    key(tab(root, 0, "c"), "ArrowRight");
    expect(selection(root)).toEqual(["a"]);
    key(tab(root, 0, "a"), "ArrowLeft");
    expect(selection(root)).toEqual(["c"]);
    key(tab(root, 0, "c"), "Home");
    expect(selection(root)).toEqual(["a"]);
    expect(document.activeElement).toBe(tab(root, 0, "a"));
    expect(key(tab(root, 0, "a"), "Enter")).toBe(true); // not handled
  });

  it("switches every block of the same group and remembers the value", () => {
    const store = memoryStore();
    root.innerHTML =
      tabsHtml(["smartpy", "ligo"], { groupId: "lang" }) +
      tabsHtml(["ligo", "smartpy", "archetype"], { groupId: "lang" }) +
      tabsHtml(["smartpy", "ligo"], { groupId: "other" }) +
      tabsHtml(["smartpy", "ligo"]);
    cleanup = enhanceTabs(root, { store });
    expect(selection(root)).toEqual(["smartpy", "ligo", "smartpy", "smartpy"]);
    tab(root, 0, "ligo").click();
    expect(selection(root)).toEqual(["ligo", "ligo", "smartpy", "smartpy"]);
    expect(store.data).toEqual({ [tabsStorageKey("lang")]: "ligo" });
    // A value one block lacks leaves that block alone.
    tab(root, 1, "archetype").click();
    expect(selection(root)).toEqual(["ligo", "archetype", "smartpy", "smartpy"]);
    expect(store.data["tz-tabs.lang"]).toBe("archetype");
  });

  it("leaves tabs nested in a panel to their own block", () => {
    root.innerHTML = tabsHtml(["outer1", "outer2"], { inner: { outer1: tabsHtml(["x", "y"]) } });
    cleanup = enhanceTabs(root, { store: memoryStore() });
    tab(root, 1, "y").click();
    expect(selection(root)).toEqual(["outer1", "y"]);
    tab(root, 0, "outer2").click();
    expect(selection(root)).toEqual(["outer2", "y"]);
  });

  it("restores a remembered group value on load, ignoring values a block does not have", () => {
    root.innerHTML = tabsHtml(["smartpy", "ligo"], { groupId: "lang" }) + tabsHtml(["smartpy", "python"], { groupId: "lang" }) + tabsHtml(["a", "b"], { groupId: "x" });
    cleanup = enhanceTabs(root, { store: memoryStore({ "tz-tabs.lang": "ligo", "tz-tabs.x": "nope" }) });
    expect(selection(root)).toEqual(["ligo", "smartpy", "a"]);
  });

  it("restores from real localStorage under tz-tabs.<groupId>", () => {
    localStorage.setItem("tz-tabs.lang", "ligo");
    try {
      root.innerHTML = tabsHtml(["smartpy", "ligo"], { groupId: "lang" });
      cleanup = enhanceTabs(root, { store: guardedStorage() });
      expect(selection(root)).toEqual(["ligo"]);
      tab(root, 0, "smartpy").click();
      expect(localStorage.getItem("tz-tabs.lang")).toBe("smartpy");
    } finally {
      localStorage.removeItem("tz-tabs.lang");
    }
  });

  it("works without storage and warns once when storage throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const throwing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as Storage;
    root.innerHTML = tabsHtml(["smartpy", "ligo"], { groupId: "lang" }) + tabsHtml(["smartpy", "ligo"], { groupId: "lang" });
    cleanup = enhanceTabs(root, { store: guardedStorage(() => throwing) });
    tab(root, 0, "ligo").click();
    tab(root, 1, "smartpy").click();
    expect(selection(root)).toEqual(["smartpy", "smartpy"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/local storage is unavailable/);
  });

  it("warns once when even reaching localStorage throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = guardedStorage(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    root.innerHTML = tabsHtml(["a", "b"], { groupId: "g" });
    cleanup = enhanceTabs(root, { store });
    tab(root, 0, "b").click();
    expect(selection(root)).toEqual(["b"]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("stops reacting after cleanup", () => {
    root.innerHTML = tabsHtml(["a", "b"]);
    enhanceTabs(root, { store: memoryStore() })();
    tab(root, 0, "b").click();
    expect(selection(root)).toEqual(["a"]);
  });
});

describe("query strings", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("selects the tab the URL names, over a remembered one, across the group", () => {
    window.history.replaceState(null, "", "/install?os=linux");
    root.innerHTML =
      tabsHtml(["mac", "linux"], { groupId: "os" }).replace('class="tz-tabs"', 'class="tz-tabs" data-query-string="os"') +
      tabsHtml(["mac", "linux"], { groupId: "os" });
    cleanup = enhanceTabs(root, { store: memoryStore({ [tabsStorageKey("os")]: "mac" }) });
    expect(selection(root)).toEqual(["linux", "linux"]);
  });

  it("writes the chosen tab into the URL without a new history entry", () => {
    window.history.replaceState({ keep: 1 }, "", "/install?x=1#top");
    const length = window.history.length;
    root.innerHTML = tabsHtml(["mainnet", "shadownet"]).replace('class="tz-tabs"', 'class="tz-tabs" data-query-string="network"');
    cleanup = enhanceTabs(root, { store: memoryStore() });
    tab(root, 0, "shadownet").click();
    expect(window.location.search).toBe("?x=1&network=shadownet");
    expect(window.location.hash).toBe("#top");
    expect(window.history.state).toEqual({ keep: 1 });
    expect(window.history.length).toBe(length);
  });

  it("ignores a URL value no tab has", () => {
    window.history.replaceState(null, "", "/install?os=windows");
    root.innerHTML = tabsHtml(["mac", "linux"]).replace('class="tz-tabs"', 'class="tz-tabs" data-query-string="os"');
    cleanup = enhanceTabs(root, { store: memoryStore() });
    expect(selection(root)).toEqual(["mac"]);
  });
});
