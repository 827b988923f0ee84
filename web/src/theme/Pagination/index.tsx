import type { PageLink } from "../../lib/contract";
import { strings } from "../strings";
import "./styles.css";

export function Pagination({ prev, next }: { prev?: PageLink | undefined; next?: PageLink | undefined }) {
  if (!prev && !next) return null;
  return (
    <nav className="tz-pagination" aria-label={strings.pagination.label}>
      {prev && (
        <a className="tz-pagination__link tz-pagination__link--prev" href={prev.href} rel="prev">
          <span className="tz-pagination__sublabel">{strings.pagination.previous}</span>{" "}
          <span className="tz-pagination__label">{prev.title}</span>
        </a>
      )}
      {next && (
        <a className="tz-pagination__link tz-pagination__link--next" href={next.href} rel="next">
          <span className="tz-pagination__sublabel">{strings.pagination.next}</span>{" "}
          <span className="tz-pagination__label">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
