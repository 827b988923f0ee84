// The dashboard's client of /api/admin/{overview,search,pages,askai} (internal/dashboard). The JSON
// they answer is typed in ../lib/api.ts, generated from the Go types that write it.

import type { ErrorBody } from "../lib/api";

export type View = "overview" | "search" | "pages" | "askai";

/** A range as the APIs take it: a preset number of days, or two dates (both included). */
export type Range = { days: 7 | 30 | 90 } | { from: string; to: string };

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
      const body = (await res.json()) as Partial<ErrorBody>;
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
