// Recent and favourite searches (docs/behaviour.md, "Search"): what the reader picked, kept in localStorage through
// lib/storage, so a missing or throwing storage logs one warning and the lists still work in memory.

import { readStored, writeStored } from "../lib/storage";
import { highlightText } from "./highlight";
import { rowText } from "./results";
import type { RetrievedHit } from "./types";

export const RECENT_KEY = "tz-search-recent";
export const FAVORITE_KEY = "tz-search-favorite";
export const RECENT_LIMIT = 7;
export const FAVORITE_LIMIT = 20;

/** A picked result, as stored: plain text only. */
export interface SavedSearch {
  /** The record's objectID, or the URL for rows without one. */
  id: string;
  /** What the row said (heading or text), plain. */
  title: string;
  /** Page title (lvl1) and section (lvl0), plain. */
  page: string;
  section: string;
  url: string;
  /** The query that found it. */
  query: string;
}

function isSaved(v: unknown): v is SavedSearch {
  if (typeof v !== "object" || v === null) return false;
  const s = v as Record<string, unknown>;
  return ["id", "title", "page", "section", "url", "query"].every((k) => typeof s[k] === "string");
}

/** Makes the stored entry for a picked hit. */
export function savedFromHit(hit: RetrievedHit, url: string, query: string): SavedSearch {
  const title = highlightText(rowText(hit).title).trim();
  return {
    id: hit.objectID || url,
    title: title.length > 120 ? `${title.slice(0, 119)}…` : title,
    page: hit.hierarchy.lvl1 ?? "",
    section: hit.hierarchy.lvl0 ?? "",
    url,
    query: query.trim(),
  };
}

/** An ordered, bounded list of saved searches (newest first) persisted under one key. */
export class SavedList {
  private items: SavedSearch[] | null = null;
  private readonly key: string;
  private readonly limit: number;

  constructor(key: string, limit: number) {
    this.key = key;
    this.limit = limit;
  }

  getAll(): SavedSearch[] {
    if (this.items === null) {
      this.items = [];
      const raw = readStored(this.key);
      if (raw !== null) {
        try {
          const parsed: unknown = JSON.parse(raw);
          if (Array.isArray(parsed)) this.items = parsed.filter(isSaved).slice(0, this.limit);
        } catch {
          // A corrupt value is dropped; the next write replaces it.
        }
      }
    }
    return [...this.items];
  }

  /** Adds an entry at the top, replacing an older copy of the same result. */
  add(entry: SavedSearch): void {
    this.items = [entry, ...this.getAll().filter((e) => e.id !== entry.id)].slice(0, this.limit);
    this.persist();
  }

  remove(id: string): void {
    this.items = this.getAll().filter((e) => e.id !== id);
    this.persist();
  }

  has(id: string): boolean {
    return this.getAll().some((e) => e.id === id);
  }

  private persist(): void {
    writeStored(this.key, JSON.stringify(this.items ?? []));
  }
}

/** Both lists with the rules between them: a favourite is not repeated among recent searches. */
export class SavedSearches {
  readonly recent = new SavedList(RECENT_KEY, RECENT_LIMIT);
  readonly favorites = new SavedList(FAVORITE_KEY, FAVORITE_LIMIT);

  /** Records a picked result: refreshed in favourites if it is one, else put first in recent. */
  pick(entry: SavedSearch): void {
    if (this.favorites.has(entry.id)) this.favorites.add(entry);
    else this.recent.add(entry);
  }

  /** Moves a recent search to the favourites. */
  favorite(entry: SavedSearch): void {
    this.recent.remove(entry.id);
    this.favorites.add(entry);
  }

  /** Up to `max` distinct past queries, newest first, other than `exclude`. */
  queries(max: number, exclude = ""): string[] {
    const out: string[] = [];
    const skip = exclude.trim().toLowerCase();
    for (const e of [...this.recent.getAll(), ...this.favorites.getAll()]) {
      const q = e.query.trim();
      if (q === "" || q.toLowerCase() === skip || out.some((o) => o.toLowerCase() === q.toLowerCase())) continue;
      out.push(q);
      if (out.length >= max) break;
    }
    return out;
  }
}
