// Detecting a site served from another path than the configured baseUrl (docs/behaviour.md, "Error pages").

/** True when the page's path is not under the configured base URL. */
export function baseUrlMismatch(pathname: string, baseUrl: string): boolean {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return !(pathname === base.slice(0, -1) || pathname.startsWith(base));
}

/** The base URL this page seems to be served under: the path in front of the page's own route when
 *  the path ends with it (e.g. /docs/ for /docs/overview/glossary and route /overview/glossary),
 *  else the site root. */
export function suggestBaseUrl(pathname: string, route: string): string {
  const trim = (s: string) => (s.length > 1 && s.endsWith("/") ? s.slice(0, -1) : s);
  const path = trim(pathname);
  const r = trim(route);
  if (r !== "/" && path.endsWith(r) && path.length > r.length) return `${path.slice(0, path.length - r.length)}/`;
  return "/";
}
