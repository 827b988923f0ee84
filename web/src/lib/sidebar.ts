import type { SidebarItem } from "./contract";

/** Compares two routes ignoring any hash, query and trailing slash ("/a/" and "/a" are the same page). */
export function sameRoute(a: string, b: string): boolean {
  return trimRoute(a) === trimRoute(b);
}

function trimRoute(r: string): string {
  let s = r;
  const cut = s.search(/[?#]/);
  if (cut >= 0) s = s.slice(0, cut);
  if (s.length > 1 && s.endsWith("/")) s = s.slice(0, -1);
  return s;
}

/** True when the item is the page at `route` or (for a category) holds it at any depth. */
export function containsRoute(item: SidebarItem, route: string): boolean {
  switch (item.type) {
    case "link":
      return !item.external && sameRoute(item.href, route);
    case "category":
      return (item.href !== undefined && sameRoute(item.href, route)) || item.items.some((i) => containsRoute(i, route));
    default:
      return false;
  }
}

/** Whether a category starts expanded: when the config says so, or when it leads to the current page. */
export function initiallyExpanded(item: SidebarItem & { type: "category" }, route: string): boolean {
  return !item.collapsible || !item.collapsed || containsRoute(item, route);
}
