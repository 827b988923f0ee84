import { describe, expect, it } from "vitest";
import { LruCache } from "../cache";
import { ROUTE_CACHE_LIMIT } from "../navigation";

describe("LruCache", () => {
  it("evicts the least recently used entry when full", () => {
    const c = new LruCache<string, number>(3);
    c.set("a", 1);
    c.set("b", 2);
    c.set("c", 3);
    expect(c.get("a")).toBe(1); // a is now the most recent; b is the oldest
    c.set("d", 4);
    expect(c.has("b")).toBe(false);
    expect([c.has("a"), c.has("c"), c.has("d")]).toEqual([true, true, true]);
    expect(c.size).toBe(3);
  });

  it("refreshes an entry when it is set again", () => {
    const c = new LruCache<string, number>(2);
    c.set("a", 1);
    c.set("b", 2);
    c.set("a", 10);
    c.set("c", 3);
    expect(c.get("a")).toBe(10);
    expect(c.has("b")).toBe(false);
  });

  it("holds exactly the route cache limit", () => {
    const c = new LruCache<number, number>(ROUTE_CACHE_LIMIT);
    for (let i = 0; i <= ROUTE_CACHE_LIMIT; i++) c.set(i, i);
    expect(ROUTE_CACHE_LIMIT).toBe(10_000);
    expect(c.size).toBe(ROUTE_CACHE_LIMIT);
    expect(c.has(0)).toBe(false);
    expect(c.has(1)).toBe(true);
  });

  it("rejects a limit below one", () => {
    expect(() => new LruCache(0)).toThrow(/positive integer/);
  });
});
