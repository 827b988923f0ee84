import { useRef, useState } from "react";
import { ChatbotButton } from "../islands";
import { cx } from "../../lib/cx";
import { useCrowded } from "../../lib/useCrowded";
import { useHideOnScroll } from "../../lib/useHideOnScroll";
import type { PageData, SiteData } from "../../lib/contract";
import { reloadForMissingChunk } from "../../lib/chunks";
import { lazyChunk } from "../../lib/lazyChunk";
import { NavbarItem } from "../NavbarItem";
import { strings } from "../strings";
import "./styles.css";

export interface NavbarProps {
  site: SiteData;
  page: PageData;
}

/** The mobile menu only opens on demand: its code is a chunk of its own, preloaded when the reader
 *  points at, touches or focuses the toggle. */
export const mobileMenuChunk = lazyChunk(() => import("../MobileMenu"));
const preloadMenu = () => void mobileMenuChunk.load().catch(() => {});

/** The fixed top bar: menu toggle (mobile), logo and title, left items, right items. */
export function Navbar({ site, page }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Set once the menu's chunk arrived, so that a menu opened before it renders then.
  const [, setMenuLoaded] = useState(false);
  const MobileMenu = mobileMenuChunk.loaded()?.MobileMenu;
  const openMenu = () => {
    setMenuOpen(true);
    if (MobileMenu) return;
    mobileMenuChunk.load().then(
      () => setMenuLoaded(true),
      async (err: unknown) => {
        setMenuOpen(false);
        // A new build was deployed: reload once. Otherwise the toggle tries again on the next click.
        if (!(await reloadForMissingChunk(err))) console.error("tzdocs: the mobile menu could not be loaded", err);
      },
    );
  };
  // Close the side menu whenever the page changes (adjusting state during render, not in an effect).
  const [menuRoute, setMenuRoute] = useState(page.route);
  if (menuRoute !== page.route) {
    setMenuRoute(page.route);
    setMenuOpen(false);
  }
  const { navbar } = site;
  const hidden = useHideOnScroll(navbar.hideOnScroll) && !menuOpen;
  const inner = useRef<HTMLDivElement>(null);
  const crowded = useCrowded(inner);
  const left = navbar.items.filter((i) => i.position === "left");
  const right = navbar.items.filter((i) => i.position !== "left");
  return (
    <nav className={cx("tz-navbar", hidden && "tz-navbar--hidden", crowded && "tz-navbar--crowded")} aria-label={strings.navbar.mainLabel}>
      <div className="tz-navbar__inner" ref={inner}>
        <button
          type="button"
          className="tz-navbar__toggle"
          aria-label={strings.navbar.toggleMenu}
          aria-expanded={menuOpen}
          aria-controls={menuOpen && MobileMenu ? "tz-mobile-menu" : undefined}
          onClick={openMenu}
          onPointerEnter={preloadMenu}
          onTouchStart={preloadMenu}
          onFocus={preloadMenu}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
        <a className="tz-navbar__brand" href={navbar.logo.href || "/"}>
          {navbar.logo.src && <img className="tz-navbar__logo" src={navbar.logo.src} alt={navbar.logo.alt} width={32} height={32} />}
          {navbar.title && <b className="tz-navbar__title">{navbar.title}</b>}
        </a>
        <div className="tz-navbar__items tz-navbar__items--left">
          {left.map((item, i) => (
            <NavbarItem key={i} item={item} page={page} site={site} />
          ))}
        </div>
        <div className="tz-navbar__items tz-navbar__items--right">
          {right.map((item, i) => (
            <NavbarItem key={i} item={item} page={page} site={site} />
          ))}
          <ChatbotButton site={site} placement="navbar" />
        </div>
      </div>
      {menuOpen && MobileMenu && <MobileMenu site={site} page={page} onClose={() => setMenuOpen(false)} />}
    </nav>
  );
}
