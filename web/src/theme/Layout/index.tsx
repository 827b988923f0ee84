import { useState, type ReactNode } from "react";
import type { PageData, SiteData } from "../../lib/contract";
import { BaseUrlBanner } from "../BaseUrlBanner";
import { AnnouncementBar, ChatbotButton, Footer } from "../islands";
import { Navbar } from "../Navbar";
import { ProgressBar } from "../ProgressBar";
import { strings } from "../strings";
import "../global.css";
import "./styles.css";

/** Id of each page's <main>, the target of the skip link. */
export const MAIN_ID = "tz-main";

export interface LayoutProps {
  site: SiteData;
  page: PageData;
  loading: boolean;
  children: ReactNode;
}

export function Layout({ site, page, loading, children }: LayoutProps) {
  // After a client-side navigation, screen readers hear the new page's title (empty on the first render,
  // so the server HTML and hydration agree).
  const [lastRoute, setLastRoute] = useState(page.route);
  const [announcement, setAnnouncement] = useState("");
  if (lastRoute !== page.route) {
    setLastRoute(page.route);
    setAnnouncement(strings.routeAnnouncement(page.title || site.title));
  }
  return (
    <div className={site.chatbot.enabled ? "tz-layout tz-layout--chatbot" : "tz-layout"}>
      <a className="tz-skip-link" href={`#${MAIN_ID}`}>
        {strings.skipToContent}
      </a>
      <p className="tz-sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {loading && <ProgressBar />}
      <Navbar site={site} page={page} />
      <div className="tz-layout__content">
        <BaseUrlBanner baseUrl={site.baseUrl} route={page.route} />
        {site.announcementBar && <AnnouncementBar bar={site.announcementBar} />}
        {children}
      </div>
      {site.footer && <Footer footer={site.footer} />}
      <ChatbotButton site={site} />
    </div>
  );
}
