import { describe, expect, it } from "vitest";
import { nestToc, type TocNode } from "../toc";
import type { TocEntry } from "../contract";

/** A compact picture of a tree: "id" for a leaf, "id(child child)" otherwise. */
function shape(nodes: TocNode[]): string {
  return nodes.map((n) => (n.children.length ? `${n.id}(${shape(n.children)})` : n.id)).join(" ");
}

/** Entries from "level:id" pairs. */
function entries(...specs: string[]): TocEntry[] {
  return specs.map((s) => {
    const [level, id] = s.split(":");
    return { id: id ?? "", text: (id ?? "").toUpperCase(), level: Number(level) as TocEntry["level"] };
  });
}

/** Every id in a tree, in document order. */
function flatten(nodes: TocNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...flatten(n.children)]);
}

describe("nestToc", () => {
  it("nests level 3 entries under the preceding level 2 entry", () => {
    expect(shape(nestToc(entries("2:a", "3:a1", "3:a2", "2:b", "3:b1")))).toBe("a(a1 a2) b(b1)");
  });

  it("nests h4 under its h3, which stays under its h2", () => {
    const tree = nestToc(entries("2:a", "3:a1", "4:a1x", "4:a1y", "3:a2", "4:a2x", "2:b"));
    expect(shape(tree)).toBe("a(a1(a1x a1y) a2(a2x)) b");
    expect(tree[0]?.children[0]?.children[1]).toEqual({ id: "a1y", text: "A1Y", level: 4, children: [] });
  });

  it("nests every level down to h6", () => {
    expect(shape(nestToc(entries("2:a", "3:b", "4:c", "5:d", "6:e", "3:f")))).toBe("a(b(c(d(e))) f)");
  });

  it("puts an entry that skips levels under the nearest shallower entry before it", () => {
    expect(shape(nestToc(entries("2:a", "4:deep", "3:mid", "2:b", "5:deeper")))).toBe("a(deep mid) b(deeper)");
  });

  it("keeps entries with nothing shallower before them at the top level", () => {
    const tree = nestToc(entries("3:x", "4:x1", "2:a", "3:a1"));
    expect(shape(tree)).toBe("x(x1) a(a1)");
  });

  it("keeps a leading deep entry at the top level", () => {
    const tree = nestToc(entries("4:x", "2:a"));
    expect(shape(tree)).toBe("x a");
    expect(tree[0]?.children).toEqual([]);
  });

  it("never drops or reorders a heading", () => {
    const list = entries("5:a", "3:b", "6:c", "2:d", "4:e", "4:f", "3:g", "6:h", "2:i", "5:j");
    expect(flatten(nestToc(list))).toEqual(list.map((e) => e.id));
  });

  it("returns an empty list for no entries", () => {
    expect(nestToc([])).toEqual([]);
  });
});
