import { useId, useState } from "react";
import { useCollapsible } from "../../../lib/collapse";
import { cx } from "../../../lib/cx";
import { containsRoute, initiallyExpanded, sameRoute } from "../../../lib/sidebar";
import type { SidebarCategory } from "../../../lib/contract";
import { strings } from "../../strings";
import { DocSidebarItem } from "..";

export function DocSidebarCategory({ item, route, level }: { item: SidebarCategory; route: string; level: number }) {
  const [expanded, setExpanded] = useState(() => initiallyExpanded(item, route));
  // When navigation lands on a page inside this category, open it (state adjusted during render).
  const holdsActive = containsRoute(item, route);
  const [lastHoldsActive, setLastHoldsActive] = useState(holdsActive);
  if (lastHoldsActive !== holdsActive) {
    setLastHoldsActive(holdsActive);
    if (holdsActive) setExpanded(true);
  }
  const open = expanded || !item.collapsible;
  const isCurrent = item.href !== undefined && sameRoute(item.href, route);
  const toggle = () => setExpanded((e) => !e);
  const { ref, mounted } = useCollapsible<HTMLUListElement>(open);
  const listId = useId();
  const label = item.label;
  return (
    <li
      className={cx(
        "tz-sidebar__item",
        "tz-sidebar__category",
        `tz-sidebar__item--level-${level}`,
        !open && "tz-sidebar__category--collapsed",
      )}
    >
      <div className="tz-sidebar__category-row">
        {item.href !== undefined ? (
          <>
            <a
              href={item.href}
              className={cx("tz-sidebar__link", "tz-sidebar__link--category", isCurrent && "tz-sidebar__link--active")}
              aria-current={isCurrent ? "page" : undefined}
            >
              {label}
            </a>
            {item.collapsible && (
              <button
                type="button"
                className="tz-sidebar__caret"
                aria-expanded={open}
                aria-controls={mounted ? listId : undefined}
                aria-label={open ? strings.sidebar.collapseCategory(item.label) : strings.sidebar.expandCategory(item.label)}
                onClick={toggle}
              />
            )}
          </>
        ) : item.collapsible ? (
          <button
            type="button"
            className={cx("tz-sidebar__link", "tz-sidebar__link--category", "tz-sidebar__category-button")}
            aria-expanded={open}
            aria-controls={mounted ? listId : undefined}
            onClick={toggle}
          >
            {label}
          </button>
        ) : (
          <span className={cx("tz-sidebar__link", "tz-sidebar__link--category")}>{label}</span>
        )}
      </div>
      {mounted && (
        <ul ref={ref} id={listId} className="tz-sidebar__list tz-sidebar__list--nested">
          {item.items.map((child, i) => (
            <DocSidebarItem key={i} item={child} route={route} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
