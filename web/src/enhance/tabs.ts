// Tabs behaviour on the static `.tz-tabs` markup (brief html-contract "Tabs"): WAI-ARIA tabs with
// automatic activation, groupId sync across the page, the choice remembered per group, and, for
// blocks with a query string (`data-query-string`), the choice mirrored in the URL (`?os=linux`).

import { pageStorage, type KeyValueStore } from "./storage";

/** localStorage key of a group's remembered value: `tz-tabs.<groupId>`. */
export const tabsStorageKey = (groupId: string) => `tz-tabs.${groupId}`;

const TAB = ".tz-tabs__tab";

/** The tabs and panels of one block, not of blocks nested in its panels. */
function tabsOf(block: Element): HTMLElement[] {
  return [...block.querySelectorAll<HTMLElement>(`:scope > .tz-tabs__list > ${TAB}`)];
}

function panelsOf(block: Element): HTMLElement[] {
  return [...block.querySelectorAll<HTMLElement>(":scope > .tz-tabs__panel")];
}

/** Shows the tab with this value in one block. Returns false (and changes nothing) when the block has
 *  no tab with that value. */
export function selectTab(block: Element, value: string): boolean {
  const tabs = tabsOf(block);
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  for (const panel of panelsOf(block)) panel.hidden = panel.dataset.value !== value;
  return true;
}

function groupBlocks(doc: Document, groupId: string): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(".tz-tabs[data-group-id]")].filter((b) => b.dataset.groupId === groupId);
}

/** Which tab a key moves to, or undefined for keys tabs do not handle. Arrows wrap around; in a
 *  right-to-left page left and right swap. */
export function targetIndex(key: string, index: number, count: number, rtl = false): number | undefined {
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const back = rtl ? "ArrowRight" : "ArrowLeft";
  switch (key) {
    case forward:
    case "ArrowDown":
      return (index + 1) % count;
    case back:
    case "ArrowUp":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}

export interface TabsOptions {
  /** Where group choices are remembered; default: the page's guarded localStorage. */
  store?: KeyValueStore;
}

/** Makes every `.tz-tabs` under root interactive and restores remembered group choices. Returns a
 *  function that removes the listeners. */
export function enhanceTabs(root: HTMLElement, options: TabsOptions = {}): () => void {
  const store = options.store ?? pageStorage();
  const doc = root.ownerDocument;
  const blocks = [...root.querySelectorAll<HTMLElement>(".tz-tabs")];
  if (blocks.length === 0) return () => {};

  const remembered = new Map<string, string | null>();
  for (const block of blocks) {
    const groupId = block.dataset.groupId;
    if (!groupId) continue;
    if (!remembered.has(groupId)) remembered.set(groupId, store.get(tabsStorageKey(groupId)));
    const value = remembered.get(groupId);
    if (value) selectTab(block, value);
  }
  // A value in the URL wins over the remembered one: a link can point at a chosen tab.
  const params = new URL(doc.location.href).searchParams;
  for (const block of blocks) {
    const param = block.dataset.queryString;
    const value = param ? params.get(param) : null;
    if (!value || !selectTab(block, value)) continue;
    const groupId = block.dataset.groupId;
    if (groupId) for (const b of groupBlocks(doc, groupId)) selectTab(b, value);
  }

  /** Mirrors a block's chosen value in the URL, without a new history entry. */
  function writeQuery(block: HTMLElement, value: string): void {
    const param = block.dataset.queryString;
    const view = doc.defaultView;
    if (!param || !view) return;
    const url = new URL(doc.location.href);
    url.searchParams.set(param, value);
    view.history.replaceState(view.history.state, "", url);
  }

  function activate(tab: HTMLElement, focus: boolean): void {
    const block = tab.closest<HTMLElement>(".tz-tabs");
    const value = tab.dataset.value;
    if (!block || value === undefined) return;
    const groupId = block.dataset.groupId;
    writeQuery(block, value);
    if (!groupId) {
      selectTab(block, value);
    } else {
      // Blocks above this one may change height: keep the chosen tab where the reader's eyes are.
      const before = tab.getBoundingClientRect().top;
      for (const b of groupBlocks(doc, groupId)) selectTab(b, value);
      store.set(tabsStorageKey(groupId), value);
      const shift = tab.getBoundingClientRect().top - before;
      if (shift !== 0) doc.defaultView?.scrollBy(0, shift);
    }
    if (focus) tab.focus();
  }

  const onClick = (event: MouseEvent) => {
    const tab = (event.target as Element | null)?.closest<HTMLElement>(TAB);
    if (tab && root.contains(tab)) activate(tab, false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const tab = event.target as HTMLElement | null;
    if (!tab?.matches?.(TAB) || event.altKey || event.ctrlKey || event.metaKey) return;
    const list = tab.parentElement;
    const block = list?.parentElement;
    if (!block) return;
    const tabs = tabsOf(block);
    const rtl = tab.closest("[dir]")?.getAttribute("dir") === "rtl";
    const next = targetIndex(event.key, tabs.indexOf(tab), tabs.length, rtl);
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    activate(target, true);
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeyDown);
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeyDown);
  };
}
