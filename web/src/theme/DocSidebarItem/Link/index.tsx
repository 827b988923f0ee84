import { cx } from "../../../lib/cx";
import { containsRoute } from "../../../lib/sidebar";
import type { SidebarLink } from "../../../lib/contract";
import { Link } from "../../Link";

export function DocSidebarLink({ item, route, level }: { item: SidebarLink; route: string; level: number }) {
  const active = containsRoute(item, route);
  return (
    <li className={cx("tz-sidebar__item", `tz-sidebar__item--level-${level}`)}>
      <Link
        href={item.href}
        external={item.external}
        className={cx("tz-sidebar__link", active && "tz-sidebar__link--active")}
        aria-current={active ? "page" : undefined}
      >
        {item.label}
      </Link>
    </li>
  );
}
