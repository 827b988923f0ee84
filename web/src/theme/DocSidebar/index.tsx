import { useEffect, useRef } from "react";
import type { SidebarItem } from "../../lib/contract";
import { DocSidebarItem } from "../DocSidebarItem";
import { strings } from "../strings";
import "./styles.css";

export interface DocSidebarProps {
  items: SidebarItem[];
  /** The current page's route: its link is marked current and its categories start expanded. */
  route: string;
}

export function DocSidebar({ items, route }: DocSidebarProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // On first display only, bring the current page's link into view inside a scrollable sidebar (a deep
    // page's link may start below the fold). Later navigation starts from a click, so the link is in view.
    const nav = ref.current;
    if (!nav) return;
    revealCurrent(nav);
  }, []);
  return (
    <nav ref={ref} className="tz-sidebar" aria-label={strings.sidebar.label}>
      <ul className="tz-sidebar__list">
        {items.map((item, i) => (
          <DocSidebarItem key={i} item={item} route={route} level={1} />
        ))}
      </ul>
    </nav>
  );
}

/** Scrolls the sidebar itself (never the window) so its current link sits a third of the way down. */
export function revealCurrent(nav: HTMLElement): void {
  if (nav.scrollHeight <= nav.clientHeight) return;
  const link = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (!link) return;
  const top = link.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop;
  if (top >= nav.scrollTop && top + link.offsetHeight <= nav.scrollTop + nav.clientHeight) return;
  nav.scrollTop = Math.max(0, top - nav.clientHeight / 3);
}
