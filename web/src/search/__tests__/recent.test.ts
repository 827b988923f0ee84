import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetStorageWarning } from "../../lib/storage";
import { FAVORITE_KEY, RECENT_KEY, RECENT_LIMIT, SavedSearches, savedFromHit, type SavedSearch } from "../recent";
import { highlight, hit } from "./fixtures";

const entry = (id: string, query = "q"): SavedSearch => ({ id, title: `T ${id}`, page: "Bakers", section: "Architecture", url: `/a/${id}`, query });

describe("SavedSearches", () => {
  beforeEach(() => {
    localStorage.clear();
    resetStorageWarning();
  });

  it("keeps recent picks newest first, without duplicates, bounded", () => {
    const s = new SavedSearches();
    for (let i = 0; i < RECENT_LIMIT + 3; i++) s.pick(entry(String(i)));
    s.pick(entry("9"));
    const ids = s.recent.getAll().map((e) => e.id);
    expect(ids).toHaveLength(RECENT_LIMIT);
    expect(ids[0]).toBe("9");
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("persists in localStorage and reads back in a new instance (a reload)", () => {
    const s = new SavedSearches();
    s.pick(entry("a"));
    s.pick(entry("b"));
    s.favorite(entry("a"));
    s.recent.remove("zzz");
    const again = new SavedSearches();
    expect(again.recent.getAll().map((e) => e.id)).toEqual(["b"]);
    expect(again.favorites.getAll().map((e) => e.id)).toEqual(["a"]);
    expect(JSON.parse(localStorage.getItem(FAVORITE_KEY) ?? "[]")).toHaveLength(1);
  });

  it("a picked favourite stays a favourite, and removal works for both lists", () => {
    const s = new SavedSearches();
    s.favorite(entry("a"));
    s.pick(entry("a"));
    expect(s.recent.getAll()).toEqual([]);
    s.favorites.remove("a");
    expect(s.favorites.getAll()).toEqual([]);
  });

  it("ignores corrupt stored values", () => {
    localStorage.setItem(RECENT_KEY, "{not json");
    localStorage.setItem(FAVORITE_KEY, JSON.stringify([entry("ok"), { id: 3 }, null]));
    const s = new SavedSearches();
    expect(s.recent.getAll()).toEqual([]);
    expect(s.favorites.getAll().map((e) => e.id)).toEqual(["ok"]);
  });

  it("works in memory with one console warning when storage throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const s = new SavedSearches();
    s.pick(entry("a"));
    s.pick(entry("b"));
    s.favorite(entry("a"));
    expect(s.recent.getAll().map((e) => e.id)).toEqual(["b"]);
    expect(s.favorites.getAll().map((e) => e.id)).toEqual(["a"]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("lists distinct past queries", () => {
    const s = new SavedSearches();
    s.pick(entry("a", "bakers"));
    s.pick(entry("b", "Bakers"));
    s.pick(entry("c", "rollups"));
    s.favorite(entry("d", "fa2"));
    expect(s.queries(3)).toEqual(["rollups", "Bakers", "fa2"]);
    expect(s.queries(3, "ROLLUPS")).toEqual(["Bakers", "fa2"]);
  });
});

describe("savedFromHit", () => {
  afterEach(() => localStorage.clear());
  it("stores plain text only", () => {
    const h = hit({ lvl1: "Bakers", lvl2: "Rights", objectID: "x" });
    h._highlightResult = { hierarchy: { lvl2: highlight("<mark>Rig</mark>hts &amp; duties") } };
    expect(savedFromHit(h, "/architecture/bakers#rights", " rig ")).toEqual({
      id: "x",
      title: "Rights & duties",
      page: "Bakers",
      section: "Architecture",
      url: "/architecture/bakers#rights",
      query: "rig",
    });
  });
});
