// Every user-visible string of the theme, in one typed place.

export const strings = {
  skipToContent: "Skip to main content",
  opensInNewTab: "(opens in new tab)",
  navbar: {
    mainLabel: "Main",
    toggleMenu: "Toggle navigation bar",
    closeMenu: "Close navigation bar",
    backToMainMenu: "← Back to main menu",
    homeLinkLabel: (siteTitle: string) => `${siteTitle} home page`,
  },
  sidebar: {
    label: "Docs sidebar",
    expandCategory: (label: string) => `Expand sidebar category '${label}'`,
    collapseCategory: (label: string) => `Collapse sidebar category '${label}'`,
  },
  breadcrumbs: { label: "Breadcrumbs", home: "Home page" },
  pagination: { label: "Docs pages", previous: "Previous", next: "Next" },
  toc: { title: "On this page" },
  lastUpdated: { prefix: "Last updated on" },
  notFound: {
    title: "Page Not Found",
    body: "There is no page at this address. It may have moved, or the link that brought you here may be mistyped.",
    homeLink: "Go to the home page",
  },
  progressLabel: "Loading page",
  routeAnnouncement: (title: string) => `${title}, page loaded`,
  announcementLabel: "Announcement",
  announcementClose: "Close",
  errors: {
    /** Generic error page. */
    title: "This page crashed.",
    genericTitle: "Something went wrong.",
    tryAgain: "Try again",
    details: "Error details",
    retry: "Retry",
    /** A lazily loaded part (search, Ask AI) failed to load; the details go to the console. */
    loadFailed: "This part of the page could not be loaded. Check your connection, then retry.",
    loading: "Loading…",
    dismiss: "Dismiss",
    baseUrl: {
      title: "Your Docusaurus site did not load properly.",
      body: (configured: string, suggested: string) =>
        `This site is set up to live at the base URL ${configured}, but this page was served from another path, so its links and assets point to the wrong place. Try setting baseUrl to ${suggested}.`,
    },
  },
  footer: { label: "Footer" },
  pageActions: {
    /** The button that copies the page's Markdown, and its states. */
    copy: "Copy page",
    copied: "Copied",
    failed: "Copy failed",
    /** Accessible name of the button that opens the menu. */
    more: "More page options",
    copyMarkdown: "Copy page as Markdown",
    viewMarkdown: "View as Markdown",
    openChatGPT: "Open in ChatGPT",
    openClaude: "Open in Claude",
  },
} as const;
