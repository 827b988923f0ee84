// The options of the dialog's listbox, as data: the start screen (recent conversations, recent and
// favourite searches) and the results screen (Ask AI row, then sections of pages and their hits).
// Keyboard navigation walks the flattened list; rendering walks the sections.

import type { Group, PageEntry } from "./results";
import type { SavedSearch } from "./recent";
import type { RetrievedHit } from "./types";

/** An Ask AI conversation listed on the start screen (provided by the Ask AI feature). */
export interface RecentConversation {
  id: string;
  title: string;
}

export type OptionModel =
  | { kind: "askAi"; key: string; query: string }
  | { kind: "page"; key: string; entry: PageEntry }
  | { kind: "child"; key: string; hit: RetrievedHit; position: number }
  | { kind: "recent" | "favorite"; key: string; saved: SavedSearch }
  | { kind: "conversation"; key: string; conversation: RecentConversation };

export interface Section {
  key: string;
  /** Shown above the options; "" for none (the Ask AI row). */
  label: string;
  options: OptionModel[];
}

export function startSections(recent: readonly SavedSearch[], favorites: readonly SavedSearch[], conversations: readonly RecentConversation[] | undefined, labels: { recent: string; favorite: string; recentConversations: string }): Section[] {
  const out: Section[] = [];
  if (conversations && conversations.length > 0) {
    out.push({ key: "conversations", label: labels.recentConversations, options: conversations.map((c) => ({ kind: "conversation", key: `conversation:${c.id}`, conversation: c })) });
  }
  if (recent.length > 0) out.push({ key: "recent", label: labels.recent, options: recent.map((s) => ({ kind: "recent", key: `recent:${s.id}`, saved: s })) });
  if (favorites.length > 0) out.push({ key: "favorite", label: labels.favorite, options: favorites.map((s) => ({ kind: "favorite", key: `favorite:${s.id}`, saved: s })) });
  return out;
}

export function resultSections(groups: readonly Group[], askAiQuery: string | null, otherLabel: string): Section[] {
  const out: Section[] = [];
  if (askAiQuery !== null) out.push({ key: "askAi", label: "", options: [{ kind: "askAi", key: "askAi", query: askAiQuery }] });
  for (const g of groups) {
    const options: OptionModel[] = [];
    for (const page of g.pages) {
      options.push({ kind: "page", key: `page:${page.key}`, entry: page });
      for (const c of page.children) options.push({ kind: "child", key: `hit:${c.hit.objectID}:${c.position}`, hit: c.hit, position: c.position });
    }
    out.push({ key: `group:${g.section}`, label: g.section || otherLabel, options });
  }
  return out;
}

export function flatten(sections: readonly Section[]): OptionModel[] {
  return sections.flatMap((s) => s.options);
}

/** The next active index for an arrow key, wrapping around; -1 when there is nothing to select. */
export function moveActive(current: number, count: number, delta: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}
