// @docusaurus/router for site components: the location of the page (the route the build renders,
// the browser's location once hydrated) and a history that navigates by loading the URL.
import { shimSite } from "./context";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export function useLocation(): Location {
  if (typeof window !== "undefined") {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  }
  return { pathname: (globalThis as { __tzdocsRoute?: string }).__tzdocsRoute ?? shimSite().baseUrl, search: "", hash: "" };
}

export function useHistory() {
  return {
    push: (url: string) => window.location.assign(url),
    replace: (url: string) => window.location.replace(url),
    location: useLocation(),
  };
}
