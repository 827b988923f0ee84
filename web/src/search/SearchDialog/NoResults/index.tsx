import { missingResultsHref } from "../../results";
import { dialogStrings as t } from "../../strings";

export interface NoResultsProps {
  query: string;
  /** At most 3 queries to try instead. */
  suggestions: readonly string[];
  /** site.search.missingResultsUrl; the 'Let us know.' link is shown only when set. */
  missingResultsUrl: string;
  onSuggestion: (query: string) => void;
}

/** 'No results found for' plus the query, suggestions, and the optional report link. */
export function NoResults({ query, suggestions, missingResultsUrl, onSuggestion }: NoResultsProps) {
  return (
    <div className="tz-search__screen tz-search__no-results" role="status">
      <p className="tz-search__screen-title">
        {t.noResultsTitle} “<strong>{query}</strong>”
      </p>
      {suggestions.length > 0 ? (
        <div className="tz-search__suggestions">
          <p className="tz-search__screen-help">{t.trySearchingFor}:</p>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="tz-search__suggestion" onClick={() => onSuggestion(s)}>
                  “{s}”
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {missingResultsUrl ? (
        <p className="tz-search__screen-help">
          {t.missingResults}{" "}
          <a href={missingResultsHref(missingResultsUrl, query)} target="_blank" rel="noopener noreferrer">
            {t.letUsKnow}
          </a>
        </p>
      ) : null}
    </div>
  );
}
