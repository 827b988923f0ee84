import { describe, expect, it } from "vitest";
import { relatedSources, stripCode, trimUrl } from "../sources";

describe("relatedSources", () => {
  it("takes Markdown links and bare URLs in order, deduplicated", () => {
    const md = "See **[Smart rollups](/architecture/smart-rollups)** and https://octez.tezos.com/docs/. Also [again](/architecture/smart-rollups) and [ext](https://tezos.com/x \"t\").";
    expect(relatedSources(md)).toEqual([
      { url: "/architecture/smart-rollups", title: "Smart rollups" },
      { url: "https://octez.tezos.com/docs/", title: "https://octez.tezos.com/docs/" },
      { url: "https://tezos.com/x", title: "ext" },
    ]);
  });
  it("ignores links inside code blocks and inline code, and images", () => {
    const md = "Run:\n\n```\ncurl https://example.com/in-code\n[x](/in-code)\n```\n\nor `https://inline.example` ![img](/img.png) [real](/real)";
    expect(relatedSources(md)).toEqual([{ url: "/real", title: "real" }]);
  });
  it("ignores an unclosed fence while streaming", () => {
    expect(relatedSources("[a](/a)\n```\nhttps://x.example/")).toEqual([{ url: "/a", title: "a" }]);
  });
  it("strips trailing punctuation from bare URLs but keeps balanced parentheses", () => {
    expect(relatedSources("Go to https://a.example/page). Or (https://b.example/x_(y)), fine?")).toEqual([
      { url: "https://a.example/page", title: "https://a.example/page" },
      { url: "https://b.example/x_(y)", title: "https://b.example/x_(y)" },
    ]);
    expect(trimUrl("https://a.example/b.,;:!?")).toBe("https://a.example/b");
  });
  it("keeps only web and site-relative links", () => {
    expect(relatedSources("[m](mailto:a@b.c) [j](javascript:alert(1)) [h](#here) [ok](/ok)")).toEqual([{ url: "/ok", title: "ok" }]);
  });
  it("returns nothing for text without links", () => {
    expect(relatedSources("No links here.")).toEqual([]);
    expect(stripCode("a `b` c")).toBe("a   c");
  });
});
