import { describe, expect, it, vi } from "vitest";
import { announceRebuilt } from "../../lib/rebuilt";
import { buildRequest, createSearchClient, isAbortError, resetSharedSearchClient, SearchError, sharedSearchClient } from "../client";
import { hit, jsonResponse, result, searchFetch } from "./fixtures";

const settings = { indexName: "tezosdocs", hitsPerPage: 20 };

describe("buildRequest", () => {
  it("sends the DocSearch parameters with contextual facet filters", () => {
    expect(buildRequest(settings, "bakers")).toEqual({
      requests: [
        {
          indexName: "tezosdocs",
          query: "bakers",
          hitsPerPage: 20,
          attributesToRetrieve: ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "hierarchy.lvl3", "hierarchy.lvl4", "hierarchy.lvl5", "hierarchy.lvl6", "content", "type", "url"],
          attributesToSnippet: ["content:15"],
          snippetEllipsisText: "…",
          highlightPreTag: "<mark>",
          highlightPostTag: "</mark>",
          clickAnalytics: true,
          facetFilters: [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]],
        },
      ],
    });
  });

  it("adds page only past the first page", () => {
    expect(buildRequest(settings, "x", 0).requests[0]).not.toHaveProperty("page");
    expect(buildRequest(settings, "x", 2).requests[0]).toHaveProperty("page", 2);
  });
});

describe("createSearchClient", () => {
  it("POSTs to the multi-query endpoint and returns results[0]", async () => {
    const r = result([hit({ lvl1: "Bakers" })]);
    const { fetch, calls } = searchFetch(() => jsonResponse({ results: [r] }));
    const client = createSearchClient({ settings, fetch });
    await expect(client.search("  bakers ")).resolves.toEqual(r);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/api/search/1/indexes/*/queries");
    expect((calls[0]?.body as { requests: { query: string }[] }).requests[0]?.query).toBe("bakers");
  });

  it("answers an empty query without a request", async () => {
    const { fetch, calls } = searchFetch(() => jsonResponse({}));
    const res = await createSearchClient({ settings, fetch }).search("   ");
    expect(res.nbHits).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it("caches answers in memory per query and page", async () => {
    const { fetch, calls } = searchFetch((q) => jsonResponse({ results: [result([hit({ lvl1: q })])] }));
    const client = createSearchClient({ settings, fetch });
    await client.search("a");
    await client.search("a");
    expect(calls).toHaveLength(1);
    expect(client.cached("a")?.hits[0]?.hierarchy.lvl1).toBe("a");
    await client.search("a", { page: 1 });
    expect(calls).toHaveLength(2);
  });

  it("the shared client forgets its answers when `tzdocs dev` rebuilt the site", async () => {
    let nbHits = 0;
    const { fetch, calls } = searchFetch(() => jsonResponse({ results: [{ ...result([]), nbHits }] }));
    vi.stubGlobal("fetch", fetch);
    try {
      const client = sharedSearchClient(settings);
      expect((await client.search("quux")).nbHits).toBe(0);
      nbHits = 1; // the writer added the word
      expect((await client.search("quux")).nbHits).toBe(0);
      announceRebuilt();
      expect(client.cached("quux")).toBeUndefined();
      expect((await client.search("quux")).nbHits).toBe(1);
      expect(calls).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
      resetSharedSearchClient();
    }
  });

  it("retries twice with backoff on network errors and 5xx, then fails", async () => {
    const { fetch, calls } = searchFetch(() => jsonResponse({ message: "down", status: 503 }, 503));
    const waits: number[] = [];
    const client = createSearchClient({ settings, fetch, backoffMs: [1, 2] });
    const spy = vi.spyOn(globalThis, "setTimeout");
    const err = await client.search("x").catch((e: unknown) => e);
    for (const c of spy.mock.calls) if (typeof c[1] === "number") waits.push(c[1]);
    expect(err).toBeInstanceOf(SearchError);
    expect((err as SearchError).message).toContain("503: down");
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1, 2]);
  });

  it("succeeds when a retry succeeds", async () => {
    let n = 0;
    const { fetch, calls } = searchFetch(() => {
      n++;
      if (n === 1) throw new TypeError("Failed to fetch");
      return jsonResponse({ results: [result([])] });
    });
    const res = await createSearchClient({ settings, fetch, backoffMs: [0] }).search("x");
    expect(res.nbHits).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it("does not retry a 400", async () => {
    const { fetch, calls } = searchFetch(() => jsonResponse({ message: "query is longer than 512 characters", status: 400 }, 400));
    const err = await createSearchClient({ settings, fetch, backoffMs: [0] })
      .search("x")
      .catch((e: unknown) => e);
    expect((err as SearchError).status).toBe(400);
    expect(calls).toHaveLength(1);
  });

  it("rejects a malformed answer", async () => {
    const { fetch } = searchFetch(() => jsonResponse({ results: [] }));
    await expect(createSearchClient({ settings, fetch, retries: 0 }).search("x")).rejects.toThrow(/results\[0\]/);
  });

  it("stops on abort without retrying", async () => {
    const controller = new AbortController();
    const { fetch, calls } = searchFetch(() => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });
    const err = await createSearchClient({ settings, fetch, backoffMs: [0] })
      .search("x", { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
