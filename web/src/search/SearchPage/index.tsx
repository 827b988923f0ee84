// The search page at site.search.searchPagePath: the URL is the source of truth (?q= and ?page=), so
// the server-rendered shell is empty and the browser fills it in; results come one page at a time.

import { useMemo, useSyncExternalStore } from "react";
import type { SiteData } from "../../lib/contract";
import { sharedSearchClient, type SearchClient } from "../client";
import { Highlight } from "../Highlight";
import { contentSnippet, levelHighlight, relativizeHits } from "../results";
import { pageStrings as t } from "../strings";
import { LEVELS, type RetrievedHit } from "../types";
import { useSearch } from "../useSearch";
import "./styles.css";

const URL_EVENT = "tz:searchurl";

function subscribe(listener: () => void): () => void {
  window.addEventListener("popstate", listener);
  window.addEventListener(URL_EVENT, listener);
  return () => {
    window.removeEventListener("popstate", listener);
    window.removeEventListener(URL_EVENT, listener);
  };
}

/** Reads q and the 1-based page from a location search string. */
export function readSearchParams(search: string): { query: string; page: number } {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { query: params.get("q") ?? "", page: Number.isFinite(page) && page > 1 ? page : 1 };
}

/** Replaces q and page in the address bar, keeping the history entry and its state. */
function writeSearchParams(query: string, page: number): void {
  const url = new URL(window.location.href);
  if (query === "") url.searchParams.delete("q");
  else url.searchParams.set("q", query);
  if (page > 1) url.searchParams.set("page", String(page));
  else url.searchParams.delete("page");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  window.dispatchEvent(new Event(URL_EVENT));
}

/** The hierarchy of a hit as a breadcrumb (section › page › headings), highlighted. */
function breadcrumb(hit: RetrievedHit): string[] {
  const out: string[] = [];
  for (const l of LEVELS) if (hit.hierarchy[l]) out.push(levelHighlight(hit, l));
  return out;
}

function HitItem({ hit }: { hit: RetrievedHit }) {
  const crumbs = breadcrumb(hit);
  const title = crumbs[crumbs.length - 1] ?? "";
  const snippet = hit.type === "content" ? contentSnippet(hit) : "";
  return (
    <li className="tz-search-page__hit">
      <a className="tz-search-page__hit-title" href={hit.url}>
        <Highlight value={title} />
      </a>
      {crumbs.length > 1 ? (
        <p className="tz-search-page__hit-path">
          {crumbs.slice(0, -1).map((c, i) => (
            <span key={i}>
              {i > 0 ? " › " : null}
              <Highlight value={c} />
            </span>
          ))}
        </p>
      ) : null}
      {snippet ? <Highlight className="tz-search-page__hit-snippet" value={snippet} /> : null}
    </li>
  );
}

export function SearchPage({ site, client: injected }: { site: SiteData; client?: SearchClient }) {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => "",
  );
  const { query, page } = readSearchParams(search);
  const client = useMemo(() => injected ?? sharedSearchClient(site.search), [injected, site.search]);
  const state = useSearch(client, query, { page: page - 1 });
  const hits = useMemo(() => (state.result ? relativizeHits(state.result.hits, site) : []), [state.result, site]);
  const result = state.result;
  const pages = result?.nbPages ?? 0;
  const goToPage = (n: number) => {
    writeSearchParams(query, n);
    window.scrollTo(0, 0);
  };

  return (
    <div className="tz-search-page">
      <h1>{t.title}</h1>
      <form className="tz-search-page__form" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="tz-sr-only" htmlFor="tz-search-page-input">
          {t.inputLabel}
        </label>
        <input
          id="tz-search-page-input"
          className="tz-search-page__input"
          type="search"
          placeholder={t.placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={512}
          value={query}
          onChange={(e) => writeSearchParams(e.target.value, 1)}
        />
      </form>
      <div className="tz-search-page__status" role="status" aria-live="polite">
        {state.status === "stalled" ? `${t.loading}…` : null}
        {state.status === "success" && result && result.nbHits > 0 ? t.resultsFor(result.nbHits, state.query) : null}
      </div>
      {state.status === "error" ? (
        <div className="tz-search-page__message" role="alert">
          <p className="tz-search-page__message-title">{t.errorTitle}</p>
          <p>{t.errorHelp}</p>
        </div>
      ) : null}
      {state.status === "success" && result && result.nbHits === 0 ? (
        <div className="tz-search-page__message">
          <p className="tz-search-page__message-title">
            {t.noResultsTitle} “<strong>{state.query}</strong>”
          </p>
        </div>
      ) : null}
      {state.status !== "error" && hits.length > 0 ? (
        <ol className="tz-search-page__hits" aria-busy={state.status === "loading" || state.status === "stalled"}>
          {hits.map((hit) => (
            <HitItem key={hit.objectID} hit={hit} />
          ))}
        </ol>
      ) : null}
      {pages > 1 && state.status !== "error" ? (
        <nav className="tz-search-page__pages" aria-label={t.pagination}>
          <button type="button" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            {t.previous}
          </button>
          <span>{t.pageOf(page, pages)}</span>
          <button type="button" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
            {t.next}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

export default SearchPage;
