import { describe, expect, it } from "vitest";
import { countChars, normalisePageUrl } from "../url";

const host = "docs.tezos.com";

describe("normalisePageUrl", () => {
  it.each([
    ["", ""],
    ["   ", ""],
    ["/overview/glossary", "/overview/glossary"],
    ["  /overview/glossary?tab=1#terms ", "/overview/glossary"],
    ["overview/glossary", "/overview/glossary"],
    ["https://docs.tezos.com/architecture/bakers#rights", "/architecture/bakers"],
    ["http://DOCS.tezos.com/architecture/bakers", "/architecture/bakers"],
    ["docs.tezos.com/tutorials", "/tutorials"],
    ["//docs.tezos.com/tutorials", "/tutorials"],
    ["https://docs.tezos.com", "/"],
  ])("%j → %j", (input, path) => {
    expect(normalisePageUrl(input, host)).toEqual({ path });
  });

  it("accepts the local host with a port", () => {
    expect(normalisePageUrl("http://127.0.0.1:8080/a", "127.0.0.1:8080")).toEqual({ path: "/a" });
    expect(normalisePageUrl("127.0.0.1:8080/a", "127.0.0.1:8080")).toEqual({ path: "/a" });
  });

  it.each(["https://example.com/page", "https://docs.tezos.com.evil.example/x", "//example.com/a", "example.com/a", "http://127.0.0.1:9999/a"])(
    "refuses another host: %s",
    (input) => {
      const r = normalisePageUrl(input, host);
      expect(r).toHaveProperty("error");
      expect("error" in r && r.error).toMatch(/not on this site/);
    },
  );

  it.each(["javascript:alert(1)", "mailto:docs@example.com", "https://[bad"])("refuses what is not a web address: %s", (input) => {
    expect(normalisePageUrl(input, host)).toHaveProperty("error");
  });
});

describe("countChars", () => {
  it("counts code points as the server does", () => {
    expect(countChars("")).toBe(0);
    expect(countChars("abc")).toBe(3);
    expect(countChars("é🙂")).toBe(2);
    expect("é🙂".length).toBe(3);
  });
});
