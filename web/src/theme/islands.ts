// The app's islands (lib/island.tsx): what the server renders in full and the browser hydrates once
// its code, a chunk of its own, has arrived. Import these, not the modules, so the code stays out of
// the entry chunk.

import { island, retryFailedIslands } from "../lib/island";
import { lazyChunk, type LazyChunk } from "../lib/lazyChunk";
import type { PageData } from "../lib/contract";
// The islands' styles stay in the entry stylesheet: their server HTML is shown, styled, before their
// code arrives.
import "../search/SearchButton/styles.css";
import "../assistant/ChatbotButton/styles.css";
import "./PageActions/styles.css";
import "../feedback/FeedbackWidget/styles.css";
import "../feedback/Honeypot/styles.css";
import "./AnnouncementBar/styles.css";
import "./Footer/styles.css";
import "./HomePage/styles.css";
import "./ErrorPage/styles.css";
import "../search/SearchPage/styles.css";
import "./DocSidebar/styles.css";
import "./TOC/styles.css";
import "./TOCCollapsible/styles.css";
import "./Breadcrumbs/styles.css";
import "./Pagination/styles.css";

/** The navbar's search button; the dialog is another chunk, loaded on open. */
export const SearchButton = island(lazyChunk(() => import("../search/SearchButton")), (m) => m.SearchButton);

/** The chatbot button, floating or in the navbar; the panel is another chunk, loaded on open. */
export const ChatbotButton = island(lazyChunk(() => import("../assistant/ChatbotButton")), (m) => m.ChatbotButton);

/** The doc page's actions menu (copy as Markdown, open in an assistant). */
export const PageActions = island(lazyChunk(() => import("./PageActions")), (m) => m.PageActions);

/** 'Was this page helpful?' under a doc page. */
export const FeedbackWidget = island(lazyChunk(() => import("../feedback/FeedbackWidget")), (m) => m.FeedbackWidget);

/** The announcement bar and its close button. */
export const AnnouncementBar = island(lazyChunk(() => import("./AnnouncementBar")), (m) => m.AnnouncementBar);

/** The site footer. */
export const Footer = island(lazyChunk(() => import("./Footer")), (m) => m.Footer);

/** A doc page's sidebar: plain links until it hydrates (the navigator follows them), then its
 *  categories expand and collapse. */
export const DocSidebar = island(lazyChunk(() => import("./DocSidebar")), (m) => m.DocSidebar);

/** A doc page's table of contents, which follows the heading in view once hydrated. */
export const TOC = island(lazyChunk(() => import("./TOC")), (m) => m.TOC);

/** The table of contents folded above the content on narrow screens. */
export const TOCCollapsible = island(lazyChunk(() => import("./TOCCollapsible")), (m) => m.TOCCollapsible);

/** A doc page's breadcrumbs. */
export const Breadcrumbs = island(lazyChunk(() => import("./Breadcrumbs")), (m) => m.Breadcrumbs);

/** A doc page's previous and next links. */
export const Pagination = island(lazyChunk(() => import("./Pagination")), (m) => m.Pagination);

/** A doc page's last update date. */
export const LastUpdated = island(lazyChunk(() => import("./LastUpdated")), (m) => m.LastUpdated);

// The content of rare kinds of page: their code is fetched when such a page is shown, or earlier,
// when the navigator is about to show one (pageCode below), so a client-side visit never shows an
// empty page while the chunk arrives.
const rare = { eager: false };
const homeChunk = lazyChunk(() => import("./HomePage"));
const simpleChunk = lazyChunk(() => import("./SimplePage"));
const notFoundChunk = lazyChunk(() => import("./NotFound"));
const searchChunk = lazyChunk(() => import("../search/SearchPage"));

/** The home page's content. */
export const HomePage = island(homeChunk, (m) => m.HomePage, rare);

/** A plain (non-doc) Markdown page's content. */
export const SimplePage = island(simpleChunk, (m) => m.SimplePage, rare);

/** The not-found page's content. */
export const NotFound = island(notFoundChunk, (m) => m.NotFound, rare);

/** What an error boundary shows. */
export const ErrorPage = island(lazyChunk(() => import("./ErrorPage")), (m) => m.ErrorPage, rare);

/** The search page's content: its results, snippets and search client. */
export const SearchPage = island(searchChunk, (m) => m.SearchPage, rare);

const kindChunks: Partial<Record<PageData["kind"], LazyChunk<unknown>>> = {
  home: homeChunk,
  page: simpleChunk,
  notfound: notFoundChunk,
  search: searchChunk,
};

/** Loads the code a page of this kind renders with (its content's chunk for a rare kind, and the chunk
 *  of any island whose load failed before). Rejects when some of it cannot be loaded: the navigator
 *  then loads the page from the server instead of showing a page without its code. */
export function pageCode(kind: PageData["kind"]): Promise<void> {
  const chunk = kindChunks[kind];
  return Promise.all([chunk?.load(), retryFailedIslands()]).then(() => undefined);
}
