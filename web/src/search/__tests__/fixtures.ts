// Test data for search: hits shaped like the API's, and a fetch mock that records requests.
import { vi } from "vitest";
import type { HighlightResult } from "../../lib/api";
import type { RetrievedHit, SearchResult } from "../types";

let seq = 0;

/** A hit of the given type; highlight values default to the escaped text with no match. */
export function hit(partial: Partial<RetrievedHit> & { lvl0?: string; lvl1?: string; lvl2?: string; lvl3?: string }): RetrievedHit {
  const { lvl0 = "Architecture", lvl1 = "Bakers", lvl2, lvl3, ...rest } = partial;
  seq++;
  const type = rest.type ?? (lvl3 ? "lvl3" : lvl2 ? "lvl2" : "lvl1");
  return {
    objectID: rest.objectID ?? `obj-${seq}`,
    url: rest.url ?? `https://docs.tezos.com/architecture/${lvl1.toLowerCase().replace(/\s+/g, "-")}${lvl2 ? `#${lvl2.toLowerCase().replace(/\s+/g, "-")}` : ""}`,
    type,
    content: rest.content ?? null,
    hierarchy: { lvl0, lvl1, lvl2: lvl2 ?? null, lvl3: lvl3 ?? null, lvl4: null, lvl5: null, lvl6: null },
    _highlightResult: {},
    ...rest,
  };
}

/** A highlight value as the server writes it: the words inside <mark> are the matched words. */
export function highlight(value: string): HighlightResult {
  const matchedWords = [...value.matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => m[1]!.toLowerCase());
  return { value, matchLevel: matchedWords.length > 0 ? "full" : "none", matchedWords };
}

export function result(hits: RetrievedHit[], extra: Partial<SearchResult> = {}): SearchResult {
  return { hits, nbHits: hits.length, page: 0, nbPages: hits.length > 0 ? 1 : 0, hitsPerPage: 20, query: "q", index: "tezosdocs", queryID: "qid-1", ...extra };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export interface Recorded {
  url: string;
  body: unknown;
}

/** A fetch mock answering search requests with `answer(query, page)`; records every request. */
export function searchFetch(answer: (query: string, page: number) => Response | Promise<Response>) {
  const calls: Recorded[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url: String(input), body });
    if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
    const req = (body as { requests?: { query: string; page?: number }[] } | undefined)?.requests?.[0];
    return answer(req?.query ?? "", req?.page ?? 0);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}
