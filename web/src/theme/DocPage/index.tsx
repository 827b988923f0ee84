import { cx } from "../../lib/cx";
import type { PageData, SiteData } from "../../lib/contract";
import { MAIN_ID } from "../Layout";
import { Markdown } from "../Markdown";
import { Breadcrumbs, DocSidebar, FeedbackWidget, LastUpdated, PageActions, Pagination, TOC, TOCCollapsible } from "../islands";
import "./styles.css";

/** A documentation page: sidebar | breadcrumbs, title, content, last update, previous/next | TOC. */
export function DocPage({ site, page }: { site: SiteData; page: PageData }) {
  const sidebar = page.sidebar !== undefined ? site.sidebars[page.sidebar] : undefined;
  const toc = page.toc ?? [];
  const showToc = !page.hideTableOfContents && toc.length > 0;
  return (
    <div className={cx("tz-doc-layout", !sidebar && "tz-doc-layout--no-sidebar")}>
      {sidebar && (
        <aside className="tz-doc-layout__sidebar">
          {/* Keyed by sidebar: another sidebar must not inherit this one's expanded categories. */}
          <DocSidebar key={page.sidebar} items={sidebar} route={page.route} />
        </aside>
      )}
      <main id={MAIN_ID} className={cx("tz-doc-layout__main", !showToc && "tz-doc-layout__main--no-toc")} tabIndex={-1}>
        <div className="tz-doc">
          <article className="tz-doc__article">
            <Breadcrumbs items={page.breadcrumbs} />
            <header className="tz-doc__header">
              {!page.hideTitle && <h1 className="tz-doc__title">{page.heading ?? page.title}</h1>}
              <PageActions site={site} page={page} />
            </header>
            {showToc && <TOCCollapsible entries={toc} />}
            <Markdown html={page.html ?? ""} />
            <footer className="tz-doc__footer">
              <LastUpdated date={page.lastUpdated} />
            </footer>
          </article>
          <FeedbackWidget route={page.route} />
          <Pagination prev={page.prev} next={page.next} />
        </div>
        {showToc && (
          <div className="tz-doc__toc">
            <TOC entries={toc} />
          </div>
        )}
      </main>
    </div>
  );
}
