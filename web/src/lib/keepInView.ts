// Keeping a linked heading in place while content above it is drawn. A chunk of its own: only a
// page opened at, or navigated to, a hash needs it, and the first-load budget has no room to spare.

/** How long keepInView holds a target at most. */
export const KEEP_IN_VIEW_MS = 10_000;

let stopKeeping: (() => void) | null = null;

/** Keeps target where a jump to it put it while content above it changes size (a diagram drawn, an
 *  image or a formula laid out after the jump), until the reader scrolls, presses a key or clicks,
 *  or `ms` pass. The page's height is watched, and each change moves the scroll by as much as the
 *  target moved. Returns a function that stops it early. */
export function keepInView(target: Element, ms = KEEP_IN_VIEW_MS): () => void {
  stopKeeping?.();
  if (typeof ResizeObserver !== "function") return () => {};
  const at = target.getBoundingClientRect().top;
  const observer = new ResizeObserver(() => {
    if (!target.isConnected) return stop();
    const moved = target.getBoundingClientRect().top - at;
    if (Math.abs(moved) >= 1) window.scrollTo({ top: window.scrollY + moved, behavior: "instant" });
  });
  const input = ["wheel", "touchstart", "keydown", "mousedown"] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of input) removeEventListener(type, stop, true);
    if (stopKeeping === stop) stopKeeping = null;
  };
  const timer = setTimeout(stop, ms);
  for (const type of input) addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
  stopKeeping = stop;
  return stop;
}
