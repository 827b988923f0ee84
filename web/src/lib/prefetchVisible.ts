// Prefetch on visibility: the links a reader is most likely to follow next — previous/next
// and the cards of landing pages — start loading their page data when they scroll into view.
// Navigator.prefetch itself skips 2g and save-data connections.

/** The links worth prefetching when visible. Sidebar and body links only prefetch on hover or focus. */
export const VISIBLE_PREFETCH_SELECTOR = ".tz-pagination a[href], a.tz-tutorial-card[href], a.tz-card[href]";

type ObserverConstructor = new (
  cb: (entries: { isIntersecting: boolean; target: Element }[]) => void,
  options?: { rootMargin?: string },
) => { observe(el: Element): void; unobserve(el: Element): void; disconnect(): void };

/** Observes the matching links under root and prefetches each once when it comes near the viewport.
 *  Returns a function that stops observing. Without IntersectionObserver it does nothing. */
export function prefetchWhenVisible(
  root: ParentNode,
  prefetch: (href: string) => void,
  Observer: ObserverConstructor | undefined = (globalThis as { IntersectionObserver?: ObserverConstructor }).IntersectionObserver,
): () => void {
  if (!Observer) return () => {};
  const done = new Set<string>();
  const observer = new Observer(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer.unobserve(e.target);
        const href = (e.target as HTMLAnchorElement).href;
        if (href && !done.has(href)) {
          done.add(href);
          prefetch(href);
        }
      }
    },
    { rootMargin: "200px" },
  );
  root.querySelectorAll(VISIBLE_PREFETCH_SELECTOR).forEach((a) => observer.observe(a));
  return () => observer.disconnect();
}
