import type { PageData } from "../../lib/contract";
import { MAIN_ID } from "../Layout";
import { Markdown } from "../Markdown";

/** A page outside any sidebar (kind "page"): title and content in a readable column. The title is
 *  left out when the page draws its own (hide_title, and the React pages of a Docusaurus site). */
export function SimplePage({ page }: { page: PageData }) {
  return (
    <main id={MAIN_ID} className="tz-page" tabIndex={-1}>
      <article className="tz-page__article">
        {!page.hideTitle && <h1 className="tz-page__title">{page.title}</h1>}
        <Markdown html={page.html ?? ""} />
      </article>
    </main>
  );
}
