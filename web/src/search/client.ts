// The search client: one POST to the Algolia-compatible multi-query endpoint per query, with retries
// and backoff, cancellation of stale requests and an in-memory cache of recent answers. Plain fetch, no
// SDK, so the dialog chunk stays small.

import { LruCache } from "../lib/cache";
import { onRebuilt } from "../lib/rebuilt";
import type { SiteData } from "../lib/contract";
import type { ErrorBody, MultiQueryAnswer } from "../lib/api";
import type { SearchResult } from "./types";

export const SEARCH_ENDPOINT = "/api/search/1/indexes/*/queries";

/** What every query retrieves. */
export const ATTRIBUTES_TO_RETRIEVE = [
  "hierarchy.lvl0",
  "hierarchy.lvl1",
  "hierarchy.lvl2",
  "hierarchy.lvl3",
  "hierarchy.lvl4",
  "hierarchy.lvl5",
  "hierarchy.lvl6",
  "content",
  "type",
  "url",
] as const;

/** Contextual search: English, the current (only) docs version. */
export const FACET_FILTERS = [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]] as const;

/** Retries after the first attempt (network failure, 5xx or 429), and the wait before each. */
export const RETRIES = 2;
export const BACKOFF_MS = [300, 900] as const;

const CACHE_SIZE = 64;

export type SearchSettings = Pick<SiteData["search"], "indexName" | "hitsPerPage">;

/** The request body for one query, as the API expects it. `page` is sent only past the first page. */
export function buildRequest(settings: SearchSettings, query: string, page = 0): { requests: Record<string, unknown>[] } {
  const request: Record<string, unknown> = {
    indexName: settings.indexName,
    query,
    hitsPerPage: settings.hitsPerPage,
    attributesToRetrieve: [...ATTRIBUTES_TO_RETRIEVE],
    attributesToSnippet: ["content:15"],
    snippetEllipsisText: "…",
    highlightPreTag: "<mark>",
    highlightPostTag: "</mark>",
    clickAnalytics: true,
    facetFilters: FACET_FILTERS.map((group) => [...group]),
  };
  if (page > 0) request.page = page;
  return { requests: [request] };
}

/** An answer for an empty query: nothing to ask the server. */
export function emptyResult(settings: SearchSettings, query = ""): SearchResult {
  return { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: settings.hitsPerPage, query, index: settings.indexName };
}

/** A failure that retrying will not fix (a 4xx answer) or that survived every retry. */
export class SearchError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = "SearchError";
    this.status = status;
  }
}

export interface SearchClientOptions {
  settings: SearchSettings;
  fetch?: typeof fetch;
  endpoint?: string;
  retries?: number;
  /** Wait before retry n (0-based); the last value repeats. */
  backoffMs?: readonly number[];
}

export interface SearchClient {
  /** Resolves to the result of one query; rejects with SearchError, or an AbortError when aborted. */
  search(query: string, options?: { page?: number; signal?: AbortSignal }): Promise<SearchResult>;
  /** The cached answer, if this query was answered recently. */
  cached(query: string, page?: number): SearchResult | undefined;
  /** Drops the cached answers (the index they came from was rebuilt). */
  forget(): void;
}

function abortError(): DOMException {
  return new DOMException("The search was aborted", "AbortError");
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException ? err.name === "AbortError" : err instanceof Error && err.name === "AbortError";
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function isResult(value: unknown): value is SearchResult {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Partial<SearchResult>;
  return Array.isArray(r.hits) && typeof r.nbHits === "number";
}

export function createSearchClient(options: SearchClientOptions): SearchClient {
  const { settings, endpoint = SEARCH_ENDPOINT, retries = RETRIES, backoffMs = BACKOFF_MS } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const cache = new LruCache<string, SearchResult>(CACHE_SIZE);
  const key = (query: string, page: number) => `${page}\u0000${query}`;

  async function attempt(query: string, page: number, signal?: AbortSignal): Promise<SearchResult> {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(buildRequest(settings, query, page)),
        signal,
      });
    } catch (err) {
      if (isAbortError(err) || signal?.aborted) throw abortError();
      throw new SearchError(`search request failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) {
      let message = `HTTP ${res.status}`;
      try {
        const body = (await res.json()) as Partial<ErrorBody>;
        if (typeof body.message === "string") message += `: ${body.message}`;
      } catch {
        // The body is not JSON; the status says enough.
      }
      throw new SearchError(`search failed with ${message}`, res.status);
    }
    const body = (await res.json()) as Partial<MultiQueryAnswer>;
    const first = Array.isArray(body.results) ? body.results[0] : undefined;
    if (!isResult(first)) throw new SearchError("search answer has no results[0] with hits and nbHits");
    return first;
  }

  const retryable = (err: unknown) =>
    err instanceof SearchError && (err.status === undefined || err.status >= 500 || err.status === 429);

  return {
    cached(query, page = 0) {
      return cache.get(key(query, page));
    },
    forget() {
      cache.clear();
    },
    async search(query, { page = 0, signal } = {}) {
      const q = query.trim();
      if (q === "") return emptyResult(settings, q);
      const k = key(q, page);
      const hit = cache.get(k);
      if (hit) return hit;
      for (let n = 0; ; n++) {
        try {
          const result = await attempt(q, page, signal);
          cache.set(k, result);
          return result;
        } catch (err) {
          if (isAbortError(err) || n >= retries || !retryable(err)) throw err;
          await sleep(backoffMs[Math.min(n, backoffMs.length - 1)] ?? 0, signal);
        }
      }
    },
  };
}

let shared: { key: string; client: SearchClient; stop: () => void } | null = null;

/** One client per index for the whole page, so its cache outlives the dialog (but not a rebuild of
 *  the site by `tzdocs dev`, whose index answers differently). */
export function sharedSearchClient(settings: SearchSettings): SearchClient {
  const key = `${settings.indexName}\u0000${settings.hitsPerPage}`;
  if (shared?.key !== key) {
    shared?.stop();
    const client = createSearchClient({ settings });
    shared = { key, client, stop: onRebuilt(() => client.forget()) };
  }
  return shared.client;
}

/** Test hook: forget the shared client and its cache. */
export function resetSharedSearchClient(): void {
  shared?.stop();
  shared = null;
}
