import { useEffect, useRef, useState } from "react";
import type { PageData, SiteData } from "../../lib/contract";
import { DocSidebar } from "../DocSidebar";
import { NavbarItem } from "../NavbarItem";
import { strings } from "../strings";
import "./styles.css";

/** Above the 996 px breakpoint the layout is the desktop one. */
const DESKTOP_QUERY = "(min-width: 997px)";

export interface MobileMenuProps {
  site: SiteData;
  page: PageData;
  onClose: () => void;
}

/** The side menu opened by the hamburger below the desktop breakpoint. On a page with a sidebar it shows
 *  that sidebar first, with a button back to the navbar items. Mounted only while open. */
export function MobileMenu({ site, page, onClose }: MobileMenuProps) {
  const sidebar = page.sidebar !== undefined ? site.sidebars[page.sidebar] : undefined;
  const [showMain, setShowMain] = useState(sidebar === undefined);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Lock the page behind the menu and give the menu focus; undo both on close.
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const opener = document.activeElement;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      else if (e.key === "Tab" && panelRef.current) trapFocus(e, panelRef.current);
    };
    document.addEventListener("keydown", onKey);
    // Widening the window to the desktop layout hides the menu (CSS); close it so the page scrolls again.
    const desktop = typeof window.matchMedia === "function" ? window.matchMedia(DESKTOP_QUERY) : null;
    const onLayout = () => {
      if (desktop?.matches) onClose();
    };
    desktop?.addEventListener?.("change", onLayout);
    return () => {
      desktop?.removeEventListener?.("change", onLayout);
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [onClose]);

  return (
    <div className="tz-mobile-menu" id="tz-mobile-menu">
      <div className="tz-mobile-menu__backdrop" onClick={onClose} />
      <div
        ref={panelRef}
        className="tz-mobile-menu__panel"
        // Following any link closes the menu, including a link to a place on the page already shown.
        onClick={(e) => {
          if (e.target instanceof Element && e.target.closest("a[href]")) onClose();
        }}
        role="dialog"
        aria-modal="true"
        aria-label={strings.navbar.mainLabel}
      >
        <div className="tz-mobile-menu__header">
          <a className="tz-navbar__brand" href={site.navbar.logo.href || "/"}>
            {site.navbar.logo.src && <img className="tz-navbar__logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width={32} height={32} />}
            {site.navbar.title && <b className="tz-navbar__title">{site.navbar.title}</b>}
          </a>
          <button ref={closeRef} type="button" className="tz-mobile-menu__close" aria-label={strings.navbar.closeMenu} onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="tz-mobile-menu__body">
          {sidebar && !showMain ? (
            <>
              <button type="button" className="tz-mobile-menu__back" onClick={() => setShowMain(true)}>
                {strings.navbar.backToMainMenu}
              </button>
              <DocSidebar items={sidebar} route={page.route} />
            </>
          ) : (
            <ul className="tz-mobile-menu__items">
              {site.navbar.items.map((item, i) =>
                // The search button lives in the top bar only (search is never in the mobile menu).
                item.type === "search" ? null : (
                  <li key={i}>
                    <NavbarItem item={item} page={page} variant="menu" />
                  </li>
                ),
              )}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the open menu: focus wraps from the last element to the first. */
export function trapFocus(e: KeyboardEvent, panel: HTMLElement): void {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]"));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !panel.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
