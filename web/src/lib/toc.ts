import type { TocEntry } from "./contract";

export interface TocNode {
  id: string;
  text: string;
  level: number;
  children: TocNode[];
}

/** Nests each entry under the nearest entry before it with a shallower level (h4 under its h3, h3
 *  under its h2, and so on down to h6). An entry with no shallower entry before it stays at the top
 *  level, so no heading is ever dropped, whatever order the levels come in. */
export function nestToc(entries: readonly TocEntry[]): TocNode[] {
  const roots: TocNode[] = [];
  // The open ancestors of the next entry, shallowest first; levels strictly increase along it.
  const path: { level: number; node: TocNode }[] = [];
  for (const e of entries) {
    const node: TocNode = { id: e.id, text: e.text, level: e.level, children: [] };
    let parent = path.at(-1);
    while (parent && parent.level >= e.level) {
      path.pop();
      parent = path.at(-1);
    }
    if (parent) parent.node.children.push(node);
    else roots.push(node);
    path.push({ level: e.level, node });
  }
  return roots;
}
