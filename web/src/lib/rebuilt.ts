// `tzdocs dev` rebuilds the site while pages stay open: what a page remembers of answers computed
// from the previous build (search results) must go. The dev events module announces each rebuild
// with a window event; the modules that cache subscribe, without importing the dev code.

/** The window event fired after `tzdocs dev` rebuilt the site. */
export const REBUILT_EVENT = "tz:rebuilt";

/** Tells the page's caches that the site was rebuilt. */
export function announceRebuilt(target: EventTarget = window): void {
  target.dispatchEvent(new Event(REBUILT_EVENT));
}

/** Calls fn after each rebuild; returns a function that stops it. Does nothing outside a browser. */
export function onRebuilt(fn: () => void, target: EventTarget | undefined = typeof window === "undefined" ? undefined : window): () => void {
  if (!target) return () => {};
  target.addEventListener(REBUILT_EVENT, fn);
  return () => target.removeEventListener(REBUILT_EVENT, fn);
}
