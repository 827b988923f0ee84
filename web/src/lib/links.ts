// Pure rules for which clicks the client router takes over. Kept free of DOM globals so they are
// testable with plain objects.

import { AssetsURLPrefix, DataURLPrefix, SearchURLPrefix } from "./contract";

/** The parts of a MouseEvent the rules look at. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** The parts of an <a> element the rules look at; `href` is the resolved absolute URL. */
export interface AnchorLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/** Paths served by the Go server that are never pages. */
const NON_PAGE_PREFIXES = [DataURLPrefix, SearchURLPrefix, AssetsURLPrefix, "/api/"];
/** Files a page may link to that have no page data (a route like /tokens/FA1.2 must still count as a page). */
const FILE_EXTENSION = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|pdf|zip|gz|tgz|txt|md|xml|json|csv|wasm|mp4|webm)$/i;

export type LinkKind =
  /** Leave it to the browser: another origin, a file, a download, another window. */
  | "external"
  /** Same document, only the hash differs: the browser scrolls, no data is loaded. */
  | "hash"
  /** Another page of this site: load its data and render it in place. */
  | "page";

/** Classifies a link relative to the current location (`current` is location.href). */
export function classifyLink(anchor: AnchorLike, current: string): LinkKind {
  if (anchor.hasAttribute("download")) return "external";
  if (anchor.target !== "" && anchor.target !== "_self") return "external";
  let url: URL;
  let here: URL;
  try {
    url = new URL(anchor.href);
    here = new URL(current);
  } catch {
    return "external";
  }
  if (url.origin !== here.origin) return "external";
  if (url.protocol !== "http:" && url.protocol !== "https:") return "external";
  const path = url.pathname;
  if (NON_PAGE_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1))) return "external";
  if (FILE_EXTENSION.test(path)) return "external";
  if (path === here.pathname && url.search === here.search && (url.hash !== "" || anchor.href.endsWith("#"))) return "hash";
  return "page";
}

/** True when a click is a plain left click the router should handle itself (preventDefault + load). */
export function shouldIntercept(event: ClickLike, anchor: AnchorLike, current: string): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return classifyLink(anchor, current) === "page";
}

/** The parts of navigator.connection that matter for prefetching. */
export interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching is skipped when the reader asked to save data or the connection is 2g or slower. */
export function canPrefetch(connection: ConnectionLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? "");
}
