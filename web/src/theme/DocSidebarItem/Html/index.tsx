import { cx } from "../../../lib/cx";
import type { SidebarHTML } from "../../../lib/contract";

/** Raw HTML from the sidebar config (trusted: it comes from the site's own files). */
export function DocSidebarHtml({ item }: { item: SidebarHTML }) {
  return <li className={cx("tz-sidebar__item", "tz-sidebar__html", item.className)} dangerouslySetInnerHTML={{ __html: item.value }} />;
}
