import { describe, expect, it } from "vitest";
import { nestToc } from "../toc";

describe("nestToc", () => {
  it("nests level 3 entries under the preceding level 2 entry", () => {
    const tree = nestToc([
      { id: "a", text: "A", level: 2 },
      { id: "a1", text: "A1", level: 3 },
      { id: "a2", text: "A2", level: 3 },
      { id: "b", text: "B", level: 2 },
      { id: "b1", text: "B1", level: 3 },
    ]);
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      ["a", ["a1", "a2"]],
      ["b", ["b1"]],
    ]);
  });

  it("keeps a leading level 3 entry at the top level", () => {
    const tree = nestToc([
      { id: "x", text: "X", level: 3 },
      { id: "a", text: "A", level: 2 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(["x", "a"]);
    expect(tree[0]?.children).toEqual([]);
  });

  it("returns an empty list for no entries", () => {
    expect(nestToc([])).toEqual([]);
  });
});
