import { useEffect, useId, useState } from "react";
import { preferredVersion, rememberVersion, versionHref } from "../../lib/preferredVersion";
import { cx } from "../../lib/cx";
import { sameRoute } from "../../lib/sidebar";
import type { NavItem, NavLinkItem, PageData, SiteData } from "../../lib/contract";
import { SearchButton } from "../islands";
import { Link } from "../Link";

export interface NavbarItemProps {
  item: NavItem;
  page: PageData;
  /** "bar" in the top navbar, "menu" in the mobile side menu (dropdowns shown as plain lists). */
  variant?: "bar" | "menu";
  /** Needed by the search item. */
  site?: SiteData;
}

/** True for a link to the current page, or a docSidebar link on any page of that sidebar. */
export function isNavLinkActive(item: NavLinkItem, page: PageData): boolean {
  if (item.activeSidebar !== undefined) return page.sidebar === item.activeSidebar;
  return !item.external && sameRoute(item.href, page.route);
}

function NavLink({ item, page, className }: { item: NavLinkItem; page: PageData; className: string }) {
  const active = isNavLinkActive(item, page);
  return (
    <Link href={item.href} external={item.external} className={cx(className, active && `${className}--active`)}>
      {item.label}
    </Link>
  );
}

export function NavbarItem({ item, page, variant = "bar", site }: NavbarItemProps) {
  switch (item.type) {
    case "link":
      return <NavLink item={item} page={page} className="tz-navbar__link" />;
    case "dropdown":
      return <Dropdown label={variant === "menu" && item.mobileLabel ? item.mobileLabel : item.label} items={item.items} page={page} variant={variant} />;
    case "html":
      return <div className="tz-navbar__html" dangerouslySetInnerHTML={{ __html: item.value }} />;
    case "search":
      // Hidden below the desktop breakpoint, and never in the side menu.
      if (variant === "menu" || !site) return null;
      return (
        <div className="tz-navbar__search">
          <SearchButton site={site} />
        </div>
      );
  }
}

/** A version entry marked sameDoc leads to the doc shown, not to its version's first page. */
const sameDocFor =
  (page: PageData) =>
  (item: NavLinkItem): NavLinkItem =>
    item.sameDoc && page.kind === "doc" ? { ...item, href: page.route } : item;

function Dropdown({ label, items, page, variant }: { label: string; items: NavLinkItem[]; page: PageData; variant: "bar" | "menu" }) {
  const active = items.some((i) => isNavLinkActive(i, page));
  const menuId = useId();
  // In the side menu a dropdown is a collapsible list, open when it holds the current page.
  const [open, setOpen] = useState(variant === "menu" && active);
  const versions = items.flatMap((i) => (i.version ? [i.version] : []));
  const versionKey = versions.join(",");
  useEffect(() => {
    // A remembered version that no longer exists is forgotten.
    if (versionKey) preferredVersion(versionKey.split(","));
  }, [versionKey]);
  return (
    <div
      className={cx("tz-navbar__dropdown", open && "tz-navbar__dropdown--open")}
      onBlur={(e) => {
        if (variant === "bar" && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className={cx("tz-navbar__link", "tz-navbar__dropdown-toggle", active && "tz-navbar__link--active")}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && open && variant === "bar") {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {label}
      </button>
      <ul id={menuId} className="tz-navbar__dropdown-menu">
        {items.map(sameDocFor(page)).map((i) => (
          <li
            key={i.href + i.label}
            onClickCapture={(e) => {
              if (!i.version) return;
              rememberVersion(i.version);
              // Keep the query string and hash: the client navigation reads the link's href after this.
              const a = (e.target as Element).closest("a");
              if (a) a.setAttribute("href", versionHref(i.href, location.search, location.hash));
            }}
          >
            <NavLink item={i} page={page} className="tz-navbar__dropdown-link" />
          </li>
        ))}
      </ul>
    </div>
  );
}
