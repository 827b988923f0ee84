import { useMemo } from "react";
import { nestToc, type TocNode } from "../../lib/toc";
import type { TocEntry } from "../../lib/contract";
import { useActiveHeading } from "../../lib/useActiveHeading";
import { cx } from "../../lib/cx";
import { strings } from "../strings";
import "./styles.css";

/** The "On this page" list: each entry with the deeper entries under it nested (and indented) below it,
 *  at every level the page lists, the one in view highlighted. */
export function TOC({ entries }: { entries: TocEntry[] }) {
  const tree = useMemo(() => nestToc(entries), [entries]);
  const ids = useMemo(() => entries.map((e) => e.id), [entries]);
  const active = useActiveHeading(ids);
  if (tree.length === 0) return null;
  return (
    <nav className="tz-toc" aria-label={strings.toc.title}>
      <p className="tz-toc__title">{strings.toc.title}</p>
      <TocList nodes={tree} active={active} />
    </nav>
  );
}

export function TocList({ nodes, active, nested = false }: { nodes: TocNode[]; active: string | null; nested?: boolean }) {
  return (
    <ul className={cx("tz-toc__list", nested && "tz-toc__list--nested")}>
      {nodes.map((n) => (
        <li key={n.id} className="tz-toc__item">
          <a className={cx("tz-toc__link", n.id === active && "tz-toc__link--active")} href={`#${n.id}`} data-level={n.level}>
            {n.text}
          </a>
          {n.children.length > 0 && <TocList nodes={n.children} active={active} nested />}
        </li>
      ))}
    </ul>
  );
}
