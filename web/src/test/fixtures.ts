// Shared test data shaped like the JSON the Go build writes.
import type { PageData, SiteData } from "../lib/contract";
import pageHTML from "./page.html?raw";

export function siteFixture(overrides: Partial<SiteData> = {}): SiteData {
  return {
    title: "Tezos Documentation",
    tagline: "Learn Tezos",
    url: "https://docs.example.test",
    baseUrl: "/",
    favicon: "/img/favicon.ico",
    lang: "en",
    dir: "ltr",
    navbar: {
      title: "Tezos Docs",
      logo: { alt: "Tezos logo", src: "/img/logo.svg", href: "/" },
      hideOnScroll: true,
      style: "primary",
      items: [
        { type: "link", label: "Documentation", href: "/overview/", position: "left", external: false, activeSidebar: "documentation" },
        { type: "link", label: "Tutorials", href: "/tutorials", position: "left", external: false, activeSidebar: "tutorials" },
        { type: "link", label: "Map", href: "/overview/resources#documentation-map", position: "left", external: false },
        { type: "link", label: "GitHub", href: "https://github.example.test/tezos/docs", position: "right", external: true },
        { type: "dropdown", label: "More", position: "right", items: [{ type: "link", label: "Glossary", href: "/overview/glossary", position: "right", external: false }] },
        { type: "html", value: '<span class="custom-html">beta</span>', position: "right" },
        { type: "search", position: "right" },
      ],
    },
    footer: {
      style: "dark",
      columns: [],
      links: [
        { label: "Feedback", href: "/overview/feedback", external: false },
        { label: "Forum", href: "https://forum.example.test", external: true },
      ],
      copyright: "Copyright © 2026 <b>Tezos</b>",
    },
    announcementBar: null,
    sidebars: {
      documentation: [
        { type: "link", label: "Overview", href: "/overview/", external: false },
        {
          type: "category",
          label: "Architecture",
          href: "/architecture",
          collapsed: true,
          collapsible: true,
          items: [
            { type: "link", label: "Accounts", href: "/architecture/accounts", external: false },
            {
              type: "category",
              label: "Tokens",
              collapsed: true,
              collapsible: true,
              items: [{ type: "link", label: "FA1.2", href: "/architecture/tokens/FA1.2", external: false }],
            },
          ],
        },
        {
          type: "category",
          label: "Smart contracts",
          collapsed: true,
          collapsible: true,
          items: [{ type: "link", label: "Views", href: "/smart-contracts/views", external: false }],
        },
        { type: "html", value: '<hr class="sep">', className: "sidebar-sep" },
        { type: "link", label: "Octez docs", href: "https://octez.example.test", external: true },
      ],
    },
    colorMode: { defaultMode: "light", disableSwitch: true, respectPrefersColorScheme: false },
    search: { indexName: "docs", searchPagePath: "/search", hitsPerPage: 20, maxResultsPerGroup: 5, missingResultsUrl: "", externalUrlRegex: "" },
    askAi: { enabled: false, assistantId: "", suggestedQuestions: [], disclaimer: "" },
    chatbot: { enabled: false, headerTitle: "", buttonPosition: "", footerText: "" },
    ...overrides,
  };
}

export function docFixture(overrides: Partial<PageData> = {}): PageData {
  return {
    route: "/architecture/tokens/FA1.2",
    kind: "doc",
    title: "FA1.2 tokens",
    description: "The FA1.2 standard",
    // What the Go converter renders for ./page.md (a Go test keeps the two equal).
    html: pageHTML,
    toc: [
      { id: "interface", text: "Interface", level: 2 },
      { id: "transfer", text: "Transfer", level: 3 },
      { id: "usage--more", text: "Usage & more", level: 2 },
    ],
    hideTableOfContents: false,
    sidebar: "documentation",
    breadcrumbs: [{ label: "Architecture", href: "/architecture" }, { label: "Tokens" }, { label: "FA1.2 tokens" }],
    prev: { title: "Tokens", href: "/architecture/tokens" },
    next: { title: "FA2 tokens", href: "/architecture/tokens/FA2" },
    lastUpdated: "2026-11-22",
    hasMermaid: false,
    ...overrides,
  };
}

export function homeFixture(overrides: Partial<PageData> = {}): PageData {
  return {
    route: "/",
    kind: "home",
    title: "Home",
    description: "Tezos docs home",
    html: "<p>Welcome below the cards.</p>",
    toc: [],
    hideTableOfContents: true,
    breadcrumbs: [],
    hasMermaid: false,
    home: {
      hero: { title: "Tezos Documentation", tagline: "Build on Tezos" },
      cards: [
        { title: "Get started", description: "Set up a wallet", href: "/using/wallets", group: "Beginner" },
        { title: "Write a contract", description: "Your first smart contract", href: "/smart-contracts", group: "Intermediate" },
        { title: "Run a baker", description: "Bake with a Ledger", href: "/tutorials/bake-with-ledger", group: "Advanced" },
      ],
    },
    ...overrides,
  };
}
