// The data contract between the Go compiler (internal/build) and the React app.
// Go writes these shapes as JSON: SiteData to dist/_data/site.json and inline in every page,
// PageData to dist/_data/<route>.json (see dataPath in ./routes.ts). Change both sides together.

/** A link in the navbar, already resolved by Go (docSidebar/doc items become links). */
export interface NavLinkItem {
  type: "link";
  label: string;
  href: string;
  position: "left" | "right";
  /** True for absolute http(s) URLs: open in a new tab without referrer. */
  external: boolean;
  /** Set for docSidebar items: the item is active on every page of this sidebar. */
  activeSidebar?: string;
  /** Set for the entries of a docs version dropdown: the version this entry leads to. */
  version?: string;
}

export interface NavDropdownItem {
  type: "dropdown";
  label: string;
  /** The label in the mobile side menu ("Versions", "Languages"), when it differs. */
  mobileLabel?: string;
  position: "left" | "right";
  items: NavLinkItem[];
}

export interface NavHtmlItem {
  type: "html";
  value: string;
  position: "left" | "right";
}

export interface NavSearchItem {
  type: "search";
  position: "left" | "right";
}

export type NavItem = NavLinkItem | NavDropdownItem | NavHtmlItem | NavSearchItem;

export interface SidebarLink {
  type: "link";
  label: string;
  href: string;
  external: boolean;
}

export interface SidebarCategory {
  type: "category";
  label: string;
  /** The category's own page, when it has one. */
  href?: string;
  collapsed: boolean;
  collapsible: boolean;
  items: SidebarItem[];
}

export interface SidebarHtml {
  type: "html";
  value: string;
  className?: string;
}

export type SidebarItem = SidebarLink | SidebarCategory | SidebarHtml;

export interface FooterLink {
  label: string;
  href: string;
  external: boolean;
}

export interface FooterColumn {
  title: string;
  items: FooterLink[];
}

export interface Footer {
  style: "light" | "dark";
  /** Either columns (each with a title) or a single row of links. */
  columns: FooterColumn[];
  links: FooterLink[];
  logo?: { alt: string; src: string; srcDark?: string; href?: string; width?: number; height?: number };
  /** Trusted HTML from site.yaml. */
  copyright: string;
}

export interface SiteData {
  title: string;
  tagline: string;
  /** Absolute site URL without trailing slash, e.g. https://docs.tezos.com */
  url: string;
  baseUrl: string;
  favicon: string;
  lang: string;
  dir: "ltr" | "rtl";
  navbar: {
    title: string;
    logo: { alt: string; src: string; href: string };
    hideOnScroll: boolean;
    style: "dark" | "primary";
    items: NavItem[];
  };
  footer: Footer | null;
  announcementBar: { id: string; content: string; isCloseable: boolean } | null;
  sidebars: Record<string, SidebarItem[]>;
  colorMode: { defaultMode: "light" | "dark"; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  search: {
    indexName: string;
    searchPagePath: string;
    hitsPerPage: number;
    maxResultsPerGroup: number;
    missingResultsUrl: string;
    externalUrlRegex: string;
  };
  askAi: { enabled: boolean; assistantId: string; suggestedQuestions: string[] };
  chatbot: { enabled: boolean; headerTitle: string; buttonPosition: string; footerText: string };
  /** Only in `tzdocs dev`: the page listens for reloads on this EventSource URL. */
  devEventsUrl?: string;
}

export interface TocEntry {
  id: string;
  /** Plain text of the heading. */
  text: string;
  level: 2 | 3 | 4 | 5 | 6;
}

export interface PageLink {
  title: string;
  href: string;
}

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface HomeCard {
  title: string;
  description: string;
  href: string;
  /** Optional grouping, e.g. Beginner / Intermediate / Advanced. */
  group?: string;
}

export interface PageData {
  /** Canonical route, e.g. "/architecture/accounts" or "/overview/". */
  route: string;
  kind: "doc" | "home" | "page" | "notfound" | "search";
  title: string;
  description: string;
  /** Rendered Markdown (without the h1, which the layout renders from `title`). Trusted HTML from the build.
   *  Omitted in the copy inlined into prerendered HTML: the client reads it back from the DOM. */
  html?: string;
  toc: TocEntry[];
  hideTableOfContents: boolean;
  /** From `hide_title` front matter: the page's own content carries its title, so none is drawn. */
  hideTitle?: boolean;
  /** The page's own level-1 heading when it differs from `title` (from front matter): shown as the
   *  page heading, as Docusaurus does; `title` still names the page elsewhere. */
  heading?: string;
  /** Sidebar this page belongs to; absent for pages without a sidebar. */
  sidebar?: string;
  breadcrumbs: Breadcrumb[];
  prev?: PageLink;
  next?: PageLink;
  /** ISO date (YYYY-MM-DD) of the last update; absent when unknown. */
  lastUpdated?: string;
  /** True when the page contains ```mermaid diagrams (the client loads mermaid lazily). */
  hasMermaid: boolean;
  /** Only for kind "home". */
  home?: { hero: { title: string; tagline: string }; cards: HomeCard[] };
}

/** What Go inlines into every prerendered page as <script id="__TZ_DATA__" type="application/json">. */
export interface InlineData {
  site: SiteData;
  page: PageData;
}
