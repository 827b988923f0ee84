// Pure rules that turn API hits into what the dialog shows: links relative to the site, hits grouped
// by top-level section with their page first and children under it, and the texts of each row.

import type { SiteData } from "../lib/contract";
import type { HighlightResult } from "../lib/api";
import { LEVELS, type Level, type RetrievedHit } from "./types";

/** Escapes text so it can sit inside a highlight value (which is HTML with <mark> only). */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compileRegex(source: string): RegExp | null {
  if (source === "") return null;
  try {
    return new RegExp(source);
  } catch (err) {
    console.warn(`tzdocs search: externalUrlRegex ${JSON.stringify(source)} is not a valid regular expression (${String(err)}); no result is treated as external`);
    return null;
  }
}

/**
 * Makes a result URL relative to the site base URL, so it works on any host the site is served from
 * (a local server, a preview deployment). URLs matching externalUrlRegex are returned unchanged.
 */
export function makeUrlRelative(url: string, site: Pick<SiteData, "baseUrl">, external: RegExp | null): string {
  if (external?.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://relative.invalid");
  } catch {
    return url;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
  const base = site.baseUrl.endsWith("/") ? site.baseUrl : `${site.baseUrl}/`;
  let path = parsed.pathname;
  if (!path.startsWith(base) && `${path}/` !== base) path = base + path.replace(/^\/+/, "");
  return path + parsed.search + parsed.hash;
}

/** Returns the hits with relative URLs, compiling the regex once. */
export function relativizeHits(hits: readonly RetrievedHit[], site: Pick<SiteData, "baseUrl" | "search">): RetrievedHit[] {
  const external = compileRegex(site.search.externalUrlRegex);
  return hits.map((h) => ({ ...h, url: makeUrlRelative(h.url, site, external) }));
}

function urlWithoutHash(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

/** A highlight value for a hierarchy level: the server's, or the escaped plain text. */
export function levelHighlight(hit: RetrievedHit, level: Level): string {
  const h: HighlightResult | undefined = hit._highlightResult?.hierarchy?.[level];
  if (h && typeof h.value === "string") return h.value;
  return escapeHtml(hit.hierarchy[level] ?? "");
}

/** The content snippet (falls back to the highlight, then to the escaped text). */
export function contentSnippet(hit: RetrievedHit): string {
  const s = hit._snippetResult?.content?.value ?? hit._highlightResult?.content?.value;
  if (typeof s === "string") return s;
  return escapeHtml(hit.content ?? "");
}

/** The deepest heading level set in the hit's hierarchy, lvl1 at least. */
function deepestLevel(hit: RetrievedHit): Level {
  let deepest: Level = "lvl1";
  for (const l of LEVELS.slice(2)) if (hit.hierarchy[l]) deepest = l;
  return deepest;
}

/** What one row shows, as highlight HTML (<mark> only). */
export interface RowText {
  title: string;
  /** The heading the hit sits under, when it adds something to the title. */
  path: string;
}

export function rowText(hit: RetrievedHit): RowText {
  if (hit.type === "content") {
    const heading = deepestLevel(hit);
    return { title: contentSnippet(hit), path: heading === "lvl1" ? "" : levelHighlight(hit, heading) };
  }
  if (hit.type === "lvl1") return { title: levelHighlight(hit, "lvl1"), path: "" };
  const idx = LEVELS.indexOf(hit.type);
  const parent = idx > 2 ? LEVELS[idx - 1] : undefined;
  return { title: levelHighlight(hit, hit.type), path: parent && hit.hierarchy[parent] ? levelHighlight(hit, parent) : "" };
}

/** A page in a group: its own hit when the page title matched, and the hits inside it. */
export interface PageEntry {
  key: string;
  /** The lvl1 hit, or a hit standing for the page (a child's) when only children matched. */
  hit: RetrievedHit;
  /** True when `hit` is the page's own record; false when the row was made from a child. */
  own: boolean;
  url: string;
  title: string;
  children: { hit: RetrievedHit; position: number }[];
  position: number;
}

export interface Group {
  /** hierarchy.lvl0 (the top-level section); "" when a record has none. */
  section: string;
  pages: PageEntry[];
}

/**
 * Groups hits by top-level section, in the order the sections first rank, keeping at most
 * `maxPerGroup` hits per section. Inside a section, hits are gathered under their page (lvl1 row
 * first, then headings and text in rank order). `position` is the 1-based rank in `hits`.
 */
export function groupHits(hits: readonly RetrievedHit[], maxPerGroup: number): Group[] {
  const groups = new Map<string, { group: Group; count: number; pages: Map<string, PageEntry> }>();
  hits.forEach((hit, i) => {
    const position = i + 1;
    const section = hit.hierarchy.lvl0 ?? "";
    let g = groups.get(section);
    if (!g) {
      g = { group: { section, pages: [] }, count: 0, pages: new Map() };
      groups.set(section, g);
    }
    if (g.count >= maxPerGroup) return;
    g.count++;
    const pageUrl = urlWithoutHash(hit.url);
    const pageKey = `${pageUrl}\u0000${hit.hierarchy.lvl1 ?? ""}`;
    const own = hit.type === "lvl1";
    let page = g.pages.get(pageKey);
    if (!page) {
      page = { key: pageKey, hit, own, url: own ? hit.url : pageUrl, title: levelHighlight(hit, "lvl1"), children: [], position };
      g.pages.set(pageKey, page);
      g.group.pages.push(page);
      if (own) return;
    } else if (own && !page.own) {
      page.hit = hit;
      page.own = true;
      page.url = hit.url;
      page.title = levelHighlight(hit, "lvl1");
      page.position = position;
      return;
    } else if (own) {
      return;
    }
    page.children.push({ hit, position });
  });
  return [...groups.values()].map((g) => g.group);
}

/** At most 3 suggestions on the no-results screen. */
export const MAX_SUGGESTIONS = 3;

/** Suggestions for a query without results: past queries first, then the configured questions. */
export function suggestionsFor(query: string, pastQueries: readonly string[], suggested: readonly string[], max = MAX_SUGGESTIONS): string[] {
  const out: string[] = [];
  const seen = new Set([query.trim().toLowerCase()]);
  for (const s of [...pastQueries, ...suggested]) {
    const t = s.trim();
    if (t === "" || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
    if (out.length >= max) break;
  }
  return out;
}

/** The search page link for a query. */
export function searchPageHref(searchPagePath: string, query: string): string {
  const q = query.trim();
  return q === "" ? searchPagePath : `${searchPagePath}?q=${encodeURIComponent(q)}`;
}

/** The 'Let us know.' link: `{query}` in the configured URL is replaced by the encoded query. */
export function missingResultsHref(template: string, query: string): string {
  return template.replaceAll("{query}", encodeURIComponent(query.trim()));
}
