// The shapes of the Algolia-compatible search API (README.md, "The search API, as Algolia answers") as the client reads them.

export type HitType = "lvl0" | "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6" | "content" | "askAI";

export type Level = "lvl0" | "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6";

export const LEVELS: readonly Level[] = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"];

/** One `_highlightResult` / `_snippetResult` entry: HTML-escaped text with `<mark>` around matches. */
export interface HighlightValue {
  value: string;
  matchLevel?: "none" | "partial" | "full";
  matchedWords?: string[];
}

/** A DocSearch v4 record as returned by the search API, with highlight and snippet results. */
export interface SearchHit {
  objectID: string;
  url: string;
  type: HitType;
  content?: string | null;
  hierarchy: Partial<Record<Level, string | null>>;
  _highlightResult?: {
    hierarchy?: Partial<Record<Level, HighlightValue>>;
    content?: HighlightValue;
  };
  _snippetResult?: {
    hierarchy?: Partial<Record<Level, HighlightValue>>;
    content?: HighlightValue;
  };
}

/** One entry of the multi-query response's `results`. */
export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  index: string;
  queryID?: string;
}

export interface MultiQueryResponse {
  results: SearchResult[];
}
