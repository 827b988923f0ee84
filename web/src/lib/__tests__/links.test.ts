import { describe, expect, it } from "vitest";
import { canPrefetch, classifyLink, shouldIntercept, type AnchorLike, type ClickLike } from "../links";

const HERE = "https://docs.example.test/architecture/accounts";

function anchor(href: string, attrs: Record<string, string> = {}): AnchorLike {
  return {
    href: new URL(href, HERE).href,
    target: attrs.target ?? "",
    hasAttribute: (name) => name in attrs,
  };
}

const click: ClickLike = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

describe("shouldIntercept", () => {
  it("takes a plain left click on another page of the site", () => {
    expect(shouldIntercept(click, anchor("/architecture/bakers"), HERE)).toBe(true);
    expect(shouldIntercept(click, anchor("/architecture/tokens/FA1.2"), HERE)).toBe(true);
    expect(shouldIntercept(click, anchor("/overview/#intro"), HERE)).toBe(true);
  });

  it.each([
    ["middle button", { button: 1 }],
    ["meta key", { metaKey: true }],
    ["ctrl key", { ctrlKey: true }],
    ["shift key", { shiftKey: true }],
    ["alt key", { altKey: true }],
    ["already handled", { defaultPrevented: true }],
  ])("leaves a click with %s to the browser", (_name, extra) => {
    expect(shouldIntercept({ ...click, ...extra }, anchor("/architecture/bakers"), HERE)).toBe(false);
  });

  it.each([
    ["another origin", anchor("https://other.example.test/x")],
    ["a new tab", anchor("/architecture/bakers", { target: "_blank" })],
    ["a download", anchor("/architecture/bakers", { download: "" })],
    ["page data", anchor("/_data/index.json")],
    ["an asset", anchor("/assets/logo-abc.svg")],
    ["an API", anchor("/api/search/1/indexes/*/queries")],
    ["a file", anchor("/img/diagram.png")],
    ["a mail address", anchor("mailto:a@example.test")],
    ["the same page with a hash", anchor("#section")],
  ])("does not take a link to %s", (_name, a) => {
    expect(shouldIntercept(click, a, HERE)).toBe(false);
  });

  it("still takes target=_self", () => {
    expect(shouldIntercept(click, anchor("/architecture/bakers", { target: "_self" }), HERE)).toBe(true);
  });
});

describe("classifyLink", () => {
  it("tells hash links on the same page apart from pages", () => {
    expect(classifyLink(anchor("#a"), HERE)).toBe("hash");
    expect(classifyLink(anchor("/architecture/accounts#a"), HERE)).toBe("hash");
    expect(classifyLink(anchor("/architecture/accounts?x=1#a"), HERE)).toBe("page");
    expect(classifyLink(anchor("/architecture/accounts"), HERE)).toBe("page");
  });
});

describe("canPrefetch", () => {
  it.each([
    [undefined, true],
    [{ effectiveType: "4g" }, true],
    [{ effectiveType: "3g" }, true],
    [{ effectiveType: "2g" }, false],
    [{ effectiveType: "slow-2g" }, false],
    [{ effectiveType: "4g", saveData: true }, false],
  ])("for %j is %s", (conn, want) => {
    expect(canPrefetch(conn)).toBe(want);
  });
});
