// What the shims of the Docusaurus APIs know about the site: set by the build's component renderer
// before it renders a page's components, and by the page's island loader before it hydrates them.

/** The part of Docusaurus's siteConfig that components read. */
export interface ShimSite {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
}

const fallback: ShimSite = { title: "", tagline: "", url: "", baseUrl: "/", customFields: {} };

/** The site the components render for. */
export function shimSite(): ShimSite {
  return (globalThis as { __tzdocsSite?: ShimSite }).__tzdocsSite ?? fallback;
}

/** Prefixes a site-absolute path with the baseUrl, as Docusaurus's useBaseUrl does; URLs with a
 *  scheme, protocol-relative URLs and fragments are kept. */
export function withBase(url: string): string {
  if (!url.startsWith("/") || url.startsWith("//")) return url;
  const base = shimSite().baseUrl.replace(/\/$/, "");
  return url.startsWith(base + "/") ? url : base + url;
}
