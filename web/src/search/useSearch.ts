// The search state of the dialog and the search page: debounced queries, stale requests cancelled,
// and the statuses of docs/behaviour.md (loading, stalled after 1.5 s, error once retries are exhausted).

import { useEffect, useState } from "react";
import { isAbortError, type SearchClient } from "./client";
import type { SearchResult } from "./types";

export const DEBOUNCE_MS = 60;
export const STALL_MS = 1500;

export type SearchStatus = "idle" | "loading" | "stalled" | "success" | "error";

export interface SearchState {
  status: SearchStatus;
  /** The query the result answers (may lag behind the typed query while loading). */
  query: string;
  result: SearchResult | null;
}

const IDLE: SearchState = { status: "idle", query: "", result: null };

export interface UseSearchOptions {
  page?: number;
  debounceMs?: number;
  stallMs?: number;
}

interface Fetched {
  key: string;
  status: "stalled" | "success" | "error";
  query: string;
  result: SearchResult | null;
}

export function useSearch(client: SearchClient, query: string, options: UseSearchOptions = {}): SearchState {
  const { page = 0, debounceMs = DEBOUNCE_MS, stallMs = STALL_MS } = options;
  const q = query.trim();
  const key = `${page}\u0000${q}`;
  // What the last request said; the state for the current query is derived from it during render.
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const cached = q === "" ? undefined : client.cached(q, page);

  useEffect(() => {
    if (q === "" || client.cached(q, page)) return;
    const controller = new AbortController();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const debounceTimer = setTimeout(() => {
      stallTimer = setTimeout(() => setFetched((prev) => ({ key, status: "stalled", query: prev?.query ?? "", result: prev?.result ?? null })), stallMs);
      client.search(q, { page, signal: controller.signal }).then(
        (result) => {
          clearTimeout(stallTimer);
          setFetched({ key, status: "success", query: q, result });
        },
        (err: unknown) => {
          clearTimeout(stallTimer);
          if (isAbortError(err) || controller.signal.aborted) return;
          console.warn(`tzdocs search: ${err instanceof Error ? err.message : String(err)}`);
          setFetched({ key, status: "error", query: q, result: null });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(debounceTimer);
      clearTimeout(stallTimer);
      controller.abort();
    };
  }, [client, key, q, page, debounceMs, stallMs]);

  if (q === "") return IDLE;
  if (cached) return { status: "success", query: q, result: cached };
  if (fetched?.key === key) return { status: fetched.status, query: fetched.query, result: fetched.result };
  // Loading: the previous results stay on screen until the next ones arrive.
  return { status: "loading", query: fetched?.query ?? "", result: fetched?.result ?? null };
}
