import { describe, expect, it, vi } from "vitest";
import { chunkUrl, isChunkLoadError, reloadForMissingChunk } from "../chunks";

function memory(): Pick<Storage, "getItem" | "setItem"> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

const missing = new TypeError("Failed to fetch dynamically imported module: http://x/assets/SearchDialog-abc.js");

describe("reloadForMissingChunk", () => {
  it("reloads once when the server answers but the chunk is gone, then leaves it to the reader", async () => {
    const storage = memory();
    const reload = vi.fn();
    let t = 1_000_000;
    const deps = { chunkGone: async () => true, reload, storage, now: () => t };
    expect(await reloadForMissingChunk(missing, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page fails again within a minute: no loop.
    t += 30_000;
    expect(await reloadForMissingChunk(missing, deps)).toBe(false);
    t += 60_000;
    expect(await reloadForMissingChunk(missing, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload when the network is down or the error is something else", async () => {
    const reload = vi.fn();
    expect(await reloadForMissingChunk(missing, { chunkGone: async () => false, reload, storage: memory() })).toBe(false);
    expect(await reloadForMissingChunk(new Error("boom"), { chunkGone: async () => true, reload, storage: memory() })).toBe(false);
    expect(await reloadForMissingChunk(missing, { chunkGone: async () => true, reload, storage: null })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("asks about the chunk the error names, or the page when it names none", async () => {
    const asked: (string | undefined)[] = [];
    const chunkGone = async (url: string | undefined) => (asked.push(url), false);
    await reloadForMissingChunk(missing, { chunkGone, reload: vi.fn(), storage: memory() });
    await reloadForMissingChunk(new TypeError("Importing a module script failed."), { chunkGone, reload: vi.fn(), storage: memory() });
    expect(asked).toEqual(["http://x/assets/SearchDialog-abc.js", undefined]);
    expect(chunkUrl(new Error("Unable to preload CSS for http://x/assets/a-1.css"))).toBe("http://x/assets/a-1.css");
  });

  it("knows the browsers' messages", () => {
    expect(isChunkLoadError(missing)).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://x/a.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new Error("NetworkError when attempting to fetch resource."))).toBe(false);
  });
});
