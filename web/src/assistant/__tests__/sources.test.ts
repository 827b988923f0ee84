import { describe, expect, it } from "vitest";
import { withoutSourcesSection, relatedSources, stripCode, trimUrl } from "../sources";

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

describe("withoutSourcesSection", () => {
  const answer = "Quoted from the documentation, as written.\n\nA baker needs 6,000 tez. ([Bakers](/architecture/bakers#stake))\n\n";
  const list = "Related sources:\n- [Bakers › Stake](/architecture/bakers#stake)\n- [Staking](/using/staking)";

  it("drops the trailing list, whose links the view lists itself", () => {
    const text = answer + list;
    expect(withoutSourcesSection(text).trim()).toBe(answer.trim());
    expect(relatedSources(text).map((s) => s.url)).toEqual(["/architecture/bakers#stake", "/using/staking"]);
  });

  it("drops a trailing See also list too", () => {
    const seeAlso = "From the documentation:\n\nA baker needs 6,000 tez.\n\nSource: [Bakers](/architecture/bakers#stake)\n\n";
    const text = seeAlso + "See also:\n- [Staking › At a glance](/using/staking#at-a-glance)";
    expect(withoutSourcesSection(text).trim()).toBe(seeAlso.trim());
    expect(relatedSources(text).map((s) => s.url)).toEqual(["/architecture/bakers#stake", "/using/staking#at-a-glance"]);
  });

  it("keeps a list that is not the last thing, or holds more than links", () => {
    const later = answer + list + "\n\nThen stake.";
    expect(withoutSourcesSection(later)).toBe(later);
    const prose = answer + "Related sources:\n- the glossary, and [Bakers](/architecture/bakers)";
    expect(withoutSourcesSection(prose)).toBe(prose);
  });
});
