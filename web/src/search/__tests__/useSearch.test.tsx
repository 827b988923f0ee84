import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createSearchClient } from "../client";
import { useSearch } from "../useSearch";
import { hit, jsonResponse, result } from "./fixtures";

const settings = { indexName: "tezosdocs", hitsPerPage: 20 };

describe("useSearch", () => {
  it("aborts the stale request when the query changes", async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init!.signal!;
          signals.push(signal);
          if (signals.length > 1) resolve(jsonResponse({ results: [result([hit({ lvl1: "Second" })])] }));
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const client = createSearchClient({ settings, fetch: fetch as unknown as typeof globalThis.fetch });
    const { result: state, rerender } = renderHook(({ q }) => useSearch(client, q, { debounceMs: 0 }), { initialProps: { q: "first" } });
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(state.current.status).toBe("loading");
    rerender({ q: "second" });
    await waitFor(() => expect(state.current.status).toBe("success"));
    expect(signals[0]!.aborted).toBe(true);
    expect(state.current.result?.hits[0]?.hierarchy.lvl1).toBe("Second");
    expect(state.current.query).toBe("second");
  });

  it("answers a cached query at once and an empty one as idle", async () => {
    const fetch = vi.fn(async () => jsonResponse({ results: [result([hit({ lvl1: "A" })])] }));
    const client = createSearchClient({ settings, fetch: fetch as unknown as typeof globalThis.fetch });
    await client.search("a");
    const { result: state, rerender } = renderHook(({ q }) => useSearch(client, q), { initialProps: { q: "a" } });
    expect(state.current.status).toBe("success");
    rerender({ q: "  " });
    expect(state.current).toEqual({ status: "idle", query: "", result: null });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("goes from loading to stalled after stallMs", async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    const client = createSearchClient({ settings, fetch: fetch as unknown as typeof globalThis.fetch });
    const { result: state } = renderHook(() => useSearch(client, "slow", { debounceMs: 0, stallMs: 30 }));
    expect(state.current.status).toBe("loading");
    // The stall timer starts after the debounce: wait for the state, not for a time of our own.
    await waitFor(() => expect(state.current.status).toBe("stalled"));
  });
});
