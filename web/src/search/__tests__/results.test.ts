import { describe, expect, it, vi } from "vitest";
import { groupHits, makeUrlRelative, missingResultsHref, relativizeHits, rowText, searchPageHref, suggestionsFor } from "../results";
import { siteFixture } from "../../test/fixtures";
import { highlight, hit } from "./fixtures";

describe("groupHits", () => {
  it("groups by section in rank order and puts children under their page", () => {
    const hits = [
      hit({ lvl0: "Architecture", lvl1: "Bakers", lvl2: "Consensus", objectID: "a2" }),
      hit({ lvl0: "Tutorials", lvl1: "Join the DAL", objectID: "t1" }),
      hit({ lvl0: "Architecture", lvl1: "Bakers", objectID: "a1" }),
      hit({ lvl0: "Architecture", lvl1: "Bakers", type: "content", content: "bakers stake", objectID: "ac" }),
      hit({ lvl0: "Architecture", lvl1: "Accounts", objectID: "acc" }),
    ];
    const groups = groupHits(hits, 5);
    expect(groups.map((g) => g.section)).toEqual(["Architecture", "Tutorials"]);
    const arch = groups[0]!;
    expect(arch.pages.map((p) => [p.hit.objectID, p.own, p.children.map((c) => c.hit.objectID)])).toEqual([
      ["a1", true, ["a2", "ac"]],
      ["acc", true, []],
    ]);
    // The page row takes the URL of the page's own record and its rank.
    expect(arch.pages[0]!.url).toBe(hits[2]!.url);
    expect(arch.pages[0]!.position).toBe(3);
    expect(arch.pages[0]!.children.map((c) => c.position)).toEqual([1, 4]);
  });

  it("makes a page row from a child when the page title itself did not match", () => {
    const child = hit({ lvl1: "Bakers", lvl2: "Rewards", url: "/architecture/bakers#rewards" });
    child._highlightResult = { hierarchy: { lvl1: highlight("<mark>Bak</mark>ers") } };
    const [g] = groupHits([child], 5);
    const page = g!.pages[0]!;
    expect(page.own).toBe(false);
    expect(page.url).toBe("/architecture/bakers");
    expect(page.title).toBe("<mark>Bak</mark>ers");
    expect(page.children.map((c) => c.hit)).toEqual([child]);
  });

  it("keeps at most maxPerGroup hits per section", () => {
    const hits = Array.from({ length: 8 }, (_, i) => hit({ lvl0: "Smart contracts", lvl1: `Page ${i}` }));
    hits.push(hit({ lvl0: "Tutorials", lvl1: "Other" }));
    const groups = groupHits(hits, 5);
    expect(groups[0]!.pages).toHaveLength(5);
    expect(groups[1]!.pages).toHaveLength(1);
    const children = groupHits(
      Array.from({ length: 7 }, (_, i) => hit({ lvl1: "Bakers", lvl2: `H${i}` })),
      3,
    );
    expect(children[0]!.pages[0]!.children).toHaveLength(3);
  });
});

describe("rowText", () => {
  it("shows headings with their parent and text with its heading", () => {
    const h3 = hit({ lvl1: "Bakers", lvl2: "Rights", lvl3: "Baking rights" });
    expect(rowText(h3)).toEqual({ title: "Baking rights", path: "Rights" });
    const c = hit({ lvl1: "Bakers", lvl2: "Rights", type: "content", content: "text" });
    c._snippetResult = { content: highlight("…<mark>text</mark>…") };
    expect(rowText(c)).toEqual({ title: "…<mark>text</mark>…", path: "Rights" });
  });

  it("escapes plain text used when no highlight came back", () => {
    expect(rowText(hit({ lvl1: "<b>x</b>" })).title).toBe("&#60;b&#62;x&#60;/b&#62;");
  });
});

describe("makeUrlRelative", () => {
  const site = { baseUrl: "/" };
  it("keeps path, query and hash of absolute URLs", () => {
    expect(makeUrlRelative("https://docs.tezos.com/architecture/bakers#rights", site, null)).toBe("/architecture/bakers#rights");
    expect(makeUrlRelative("/architecture/bakers?x=1#a", site, null)).toBe("/architecture/bakers?x=1#a");
  });

  it("puts paths under a base URL", () => {
    expect(makeUrlRelative("https://docs.tezos.com/architecture/bakers", { baseUrl: "/docs/" }, null)).toBe("/docs/architecture/bakers");
    expect(makeUrlRelative("/docs/architecture/bakers", { baseUrl: "/docs/" }, null)).toBe("/docs/architecture/bakers");
  });

  it("leaves URLs matching externalUrlRegex untouched", () => {
    const site2 = siteFixture({ search: { ...siteFixture().search, externalUrlRegex: "octez\\.tezos\\.com|opentezos" } });
    const hits = relativizeHits([hit({ url: "https://octez.tezos.com/docs/x#y" }), hit({ url: "https://docs.tezos.com/a#b" })], site2);
    expect(hits.map((h) => h.url)).toEqual(["https://octez.tezos.com/docs/x#y", "/a#b"]);
  });

  it("warns about an invalid regex and treats nothing as external", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const site2 = siteFixture({ search: { ...siteFixture().search, externalUrlRegex: "(" } });
    expect(relativizeHits([hit({ url: "https://x.test/a" })], site2)[0]!.url).toBe("/a");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("leaves non-http URLs alone", () => {
    expect(makeUrlRelative("mailto:a@b.c", site, null)).toBe("mailto:a@b.c");
  });
});

describe("suggestionsFor", () => {
  it("takes past queries first, then configured questions, at most 3, without the query", () => {
    expect(suggestionsFor("qwxzv", ["bakers", "QWXZV", "Bakers", ""], ["How do I stake?", "What is a rollup?", "x"])).toEqual(["bakers", "How do I stake?", "What is a rollup?"]);
    expect(suggestionsFor("a", [], [])).toEqual([]);
  });
});

describe("links", () => {
  it("builds the search page link with the query", () => {
    expect(searchPageHref("/search", " smart rollups & co ")).toBe("/search?q=smart%20rollups%20%26%20co");
    expect(searchPageHref("/search", "")).toBe("/search");
  });

  it("fills {query} in the missing-results URL", () => {
    expect(missingResultsHref("https://forms.example/new?title={query}", "a b")).toBe("https://forms.example/new?title=a%20b");
    expect(missingResultsHref("https://forms.example/new", "a b")).toBe("https://forms.example/new");
  });
});
