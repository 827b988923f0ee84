import type { Breadcrumb } from "../../lib/contract";
import { strings } from "../strings";
import "./styles.css";

/** Home icon, then each ancestor; the last crumb is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="tz-breadcrumbs" aria-label={strings.breadcrumbs.label}>
      <ul className="tz-breadcrumbs__list">
        <li className="tz-breadcrumbs__item">
          <a className="tz-breadcrumbs__link tz-breadcrumbs__home" href="/" aria-label={strings.breadcrumbs.home}>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 00-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </a>
        </li>
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} className="tz-breadcrumbs__item" aria-current={last ? "page" : undefined}>
              {c.href !== undefined && !last ? (
                <a className="tz-breadcrumbs__link" href={c.href}>
                  {c.label}
                </a>
              ) : (
                <span className="tz-breadcrumbs__link tz-breadcrumbs__link--plain">{c.label}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
