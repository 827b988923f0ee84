import type { TocEntry } from "./contract";

export interface TocNode {
  id: string;
  text: string;
  children: TocNode[];
}

/** Nests level-3 entries under the level-2 entry before them. A level-3 entry with no level-2 entry
 *  before it stays at the top level, so no heading is ever dropped. */
export function nestToc(entries: readonly TocEntry[]): TocNode[] {
  const roots: TocNode[] = [];
  let parent: TocNode | undefined;
  for (const e of entries) {
    const node: TocNode = { id: e.id, text: e.text, children: [] };
    if (e.level === 3 && parent) {
      parent.children.push(node);
    } else {
      roots.push(node);
      if (e.level === 2) parent = node;
    }
  }
  return roots;
}
