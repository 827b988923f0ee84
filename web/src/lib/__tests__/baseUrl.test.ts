import { describe, expect, it } from "vitest";
import { baseUrlMismatch, suggestBaseUrl } from "../baseUrl";

describe("baseUrlMismatch", () => {
  it.each([
    ["/overview/", "/", false],
    ["/", "/", false],
    ["/docs/overview/", "/docs/", false],
    ["/docs", "/docs/", false],
    ["/overview/", "/docs/", true],
    ["/docsx/a", "/docs", true],
  ])("%s under %s → %s", (path, base, want) => {
    expect(baseUrlMismatch(path, base)).toBe(want);
  });
});

describe("suggestBaseUrl", () => {
  it.each([
    ["/overview/glossary", "/overview/glossary", "/"],
    ["/mirror/overview/glossary", "/overview/glossary", "/mirror/"],
    ["/a/b/overview/", "/overview/", "/a/b/"],
    ["/something/else", "/overview/glossary", "/"],
    ["/x/", "/", "/"],
  ])("%s showing %s → %s", (path, route, want) => {
    expect(suggestBaseUrl(path, route)).toBe(want);
  });
});
