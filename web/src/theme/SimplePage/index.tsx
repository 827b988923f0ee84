import type { PageData } from "../../lib/contract";
import { MAIN_ID } from "../Layout";
import { Markdown } from "../Markdown";

/** A page outside any sidebar (kind "page"): title and content in a readable column. */
export function SimplePage({ page }: { page: PageData }) {
  return (
    <main id={MAIN_ID} className="tz-page" tabIndex={-1}>
      <article className="tz-page__article">
        <h1 className="tz-page__title">{page.title}</h1>
        <Markdown html={page.html ?? ""} />
      </article>
    </main>
  );
}
