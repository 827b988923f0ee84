import { afterEach, describe, expect, it, vi } from "vitest";
import { preferredVersion, preferredVersionKey, rememberVersion, versionHref } from "../preferredVersion";
import { resetStorageWarning } from "../storage";

afterEach(() => {
  localStorage.clear();
  resetStorageWarning();
});

describe("preferred docs version", () => {
  it("remembers the picked version per docs plugin", () => {
    rememberVersion("current");
    expect(localStorage.getItem(preferredVersionKey())).toBe("current");
    expect(preferredVersion(["current", "1.0"])).toBe("current");
    rememberVersion("1.0", "api");
    expect(localStorage.getItem("docs-preferred-version-api")).toBe("1.0");
  });

  it("forgets a remembered version that no longer exists", () => {
    localStorage.setItem(preferredVersionKey(), "0.9");
    expect(preferredVersion(["current", "1.0"])).toBeNull();
    expect(localStorage.getItem(preferredVersionKey())).toBeNull();
  });

  it("keeps the query string and hash", () => {
    expect(versionHref("/1.0/", "?q=baker", "#rights")).toBe("/1.0/?q=baker#rights");
  });

  it("works without storage", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("denied");
    });
    expect(() => rememberVersion("current")).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
