// The search API's answers as the client reads them. Their shapes are generated from the Go types
// the search handler is held to (lib/api.ts: QueryAnswer, AnswerHit, HighlightResult); this file only
// narrows them to what every query of this client asks for.

import type { AnswerHit, QueryAnswer } from "../lib/api";

export type Level = "lvl0" | "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6";

export const LEVELS: readonly Level[] = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"];

/** A hit as the client's queries retrieve it (client.ts, ATTRIBUTES_TO_RETRIEVE): its url, type and
 *  hierarchy are always there. */
export type RetrievedHit = AnswerHit & Required<Pick<AnswerHit, "url" | "type" | "hierarchy">>;

/** What the client keeps of a query's answer. */
export type SearchResult = Pick<QueryAnswer, "nbHits" | "page" | "nbPages" | "hitsPerPage" | "query" | "index" | "queryID"> & {
  hits: RetrievedHit[];
};
