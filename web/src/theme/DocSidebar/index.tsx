import type { SidebarItem } from "../../lib/types";
import { DocSidebarItem } from "../DocSidebarItem";
import { strings } from "../strings";
import "./styles.css";

export interface DocSidebarProps {
  items: SidebarItem[];
  /** The current page's route: its link is marked current and its categories start expanded. */
  route: string;
}

export function DocSidebar({ items, route }: DocSidebarProps) {
  return (
    <nav className="tz-sidebar" aria-label={strings.sidebar.label}>
      <ul className="tz-sidebar__list">
        {items.map((item, i) => (
          <DocSidebarItem key={i} item={item} route={route} level={1} />
        ))}
      </ul>
    </nav>
  );
}
