// @docusaurus/useBaseUrl for site components.
import { shimSite, withBase } from "./context";

/** The URL with the site's baseUrl before it when it is site-absolute; with absolute, also the
 *  site's origin. */
function baseUrl(url: string, { absolute = false }: { absolute?: boolean } = {}): string {
  const path = withBase(url);
  if (!absolute || !path.startsWith("/")) return path;
  return shimSite().url.replace(/\/$/, "") + path;
}

/** The hook, as Docusaurus exports it. */
export default function useBaseUrl(url: string, options?: { absolute?: boolean }): string {
  return baseUrl(url, options);
}

/** The hook's helper form, as Docusaurus exports it. */
export function useBaseUrlUtils() {
  return { withBaseUrl: baseUrl };
}
