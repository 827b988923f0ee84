import { useMemo } from "react";
import { nestToc } from "../../lib/toc";
import type { TocEntry } from "../../lib/contract";
import { TocList } from "../TOC";
import { strings } from "../strings";
import "./styles.css";

/** The table of contents for narrow screens, where the side column is hidden: a closed <details> at the
 *  top of the page (closed on the server and the client, so hydration and layout agree). */
export function TOCCollapsible({ entries }: { entries: TocEntry[] }) {
  const tree = useMemo(() => nestToc(entries), [entries]);
  if (tree.length === 0) return null;
  return (
    <details className="tz-toc-collapsible">
      <summary className="tz-toc-collapsible__summary">{strings.toc.title}</summary>
      <nav className="tz-toc-collapsible__body" aria-label={strings.toc.title}>
        <TocList nodes={tree} active={null} />
      </nav>
    </details>
  );
}
