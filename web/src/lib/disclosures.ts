// `tzdocs dev` only: what the reader opened on a page (<details> and tab blocks), kept across a
// live reload, which replaces the page's HTML and with it every element's state.

import { selectTab } from "../enhance/tabs";

/** The open state of each <details> and the chosen tab of each tab block, by a key that names the
 *  element in a new render of the same page: its summary (or tab labels) and how many elements with
 *  the same before it. An edit that adds a block above another keeps the other's state. */
export interface Disclosures {
  details: Map<string, boolean>;
  tabs: Map<string, string>;
}

function keyed<T extends Element>(elements: T[], name: (el: T) => string): [string, T][] {
  const seen = new Map<string, number>();
  return elements.map((el) => {
    const base = name(el);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [`${base}#${n}`, el];
  });
}

function detailsOf(root: ParentNode): [string, HTMLDetailsElement][] {
  return keyed([...root.querySelectorAll("details")], (d) => d.querySelector(":scope > summary")?.textContent?.trim() ?? "");
}

function tabBlocksOf(root: ParentNode): [string, HTMLElement][] {
  return keyed([...root.querySelectorAll<HTMLElement>(".tz-tabs")], (b) =>
    [...b.querySelectorAll<HTMLElement>(":scope > .tz-tabs__list > .tz-tabs__tab")].map((t) => t.dataset.value ?? "").join("|"),
  );
}

/** Records the state of the disclosures under root. */
export function saveDisclosures(root: ParentNode): Disclosures {
  const tabs = new Map<string, string>();
  for (const [key, block] of tabBlocksOf(root)) {
    const on = block.querySelector<HTMLElement>(':scope > .tz-tabs__list > .tz-tabs__tab[aria-selected="true"]');
    if (on?.dataset.value) tabs.set(key, on.dataset.value);
  }
  return { details: new Map(detailsOf(root).map(([key, d]) => [key, d.open])), tabs };
}

/** Gives the disclosures under root the state saved before; elements new to the page keep theirs. */
export function restoreDisclosures(root: ParentNode, saved: Disclosures): void {
  for (const [key, d] of detailsOf(root)) {
    const open = saved.details.get(key);
    if (open !== undefined && d.open !== open) d.open = open;
  }
  for (const [key, block] of tabBlocksOf(root)) {
    const value = saved.tabs.get(key);
    if (value !== undefined) selectTab(block, value);
  }
}
