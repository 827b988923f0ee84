// The dashboard's data: the JSON of /api/admin/{overview,search,pages,askai} (internal/dashboard).

import type { PageSource } from "../lib/contract";

export type View = "overview" | "search" | "pages" | "askai";

/** A range as the APIs take it: a preset number of days, or two dates (both included). */
export type Range = { days: 7 | 30 | 90 } | { from: string; to: string };

export interface RangeInfo {
  from: string;
  to: string;
  days: number;
}

export interface QueryCount {
  query: string;
  searches: number;
  nbHits: number;
}

export interface SearchData {
  range: RangeInfo;
  farPosition: number;
  totals: { searches: number; noResults: number; clicks: number; ctr: number | null; avgPosition: number | null };
  days: { day: string; searches: number; noResults: number; clicks: number; ctr: number | null; avgPosition: number | null }[];
  top: QueryCount[];
  noResults: QueryCount[];
  farClicks: { query: string; clicks: number; far: number; avgPosition: number | null }[];
}

export interface PagesData {
  range: RangeInfo;
  totals: { helpful: number; notHelpful: number; comments: number };
  pages: {
    url: string;
    helpful: number;
    notHelpful: number;
    comments: number;
    ratio: number | null;
    /** The file the page was built from (the build manifest's), null when the served site does not say. */
    source: PageSource | null;
  }[];
  trend: { url: string; days: { day: string; helpful: number; notHelpful: number }[] }[];
  comments: { at: string; url: string; helpful: boolean | null; comment: string; category: string }[];
}

export interface AskItem {
  at: string;
  question: string;
  answer: string;
  sources: string[];
  engine: string;
}

export interface AskTotals {
  questions: number;
  answered: number;
  noSource: number;
  up: number;
  down: number;
}

export interface AskData {
  range: RangeInfo;
  totals: AskTotals;
  days: (AskTotals & { day: string })[];
  engines: { engine: string; up: number; down: number; upRate: number | null }[];
  thumbsDown: AskItem[];
  noSource: AskItem[];
}

export interface OverviewData {
  range: RangeInfo;
  search: SearchData["totals"];
  pages: PagesData["totals"];
  askai: AskTotals;
  days: {
    day: string;
    searches: number;
    noResults: number;
    clicks: number;
    helpful: number;
    notHelpful: number;
    questions: number;
    thumbsUp: number;
    thumbsDown: number;
  }[];
}

export interface Session {
  who: string;
  method: string;
  signedInAt: string;
  csrfToken: string;
}

/** The query string of a range, without "?". */
export function rangeQuery(r: Range): string {
  return "days" in r ? `days=${r.days}` : `from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}`;
}

/** The URL of a view's data, as JSON or as one of its tables in CSV. */
export function viewURL(view: View, r: Range, csvTable?: string): string {
  const base = `/api/admin/${view}?${rangeQuery(r)}`;
  return csvTable ? `${base}&format=csv&table=${encodeURIComponent(csvTable)}` : base;
}

/** Thrown for an answer other than 200; status 401 means the session ended. */
export class APIError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function getJSON<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: "same-origin", signal, headers: { Accept: "application/json" } });
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) msg = body.message;
    } catch {
      // not JSON: keep the status line
    }
    throw new APIError(res.status, msg);
  }
  return (await res.json()) as T;
}

/** A share as a percentage with one decimal, or "–" when undefined. */
export function percent(v: number | null): string {
  return v === null ? "–" : `${(100 * v).toFixed(1)} %`;
}

/** A number with one decimal, or "–". */
export function decimal(v: number | null): string {
  return v === null ? "–" : v.toFixed(1);
}
