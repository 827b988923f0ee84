import { afterEach, describe, expect, it, vi } from "vitest";
import { readStored, resetStorageWarning, writeStored } from "../storage";

function breakStorage() {
  vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetStorageWarning();
});

describe("storage", () => {
  it("reads, writes and removes values", () => {
    writeStored("k", "v");
    expect(readStored("k")).toBe("v");
    expect(localStorage.getItem("k")).toBe("v");
    writeStored("k", null);
    expect(readStored("k")).toBeNull();
  });

  it("keeps working without storage and warns exactly once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    breakStorage();
    expect(readStored("theme")).toBeNull();
    expect(() => writeStored("theme", "dark")).not.toThrow();
    expect(readStored("other")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/local storage is unavailable/);
  });

  it("treats a failing write (quota) like missing storage", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    writeStored("a", "1");
    writeStored("b", "2");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
