// Watching whether the navbar's items still fit its width (see useCrowded): a chunk of its own,
// loaded after the first paint, since the first-load budget has no room to spare.

/** Space kept between the last left item and the first right one. */
const MIN_GAP = 16;

/** How far the left items run into the right ones in a bar (negative: the room left between). */
export function overlap(bar: HTMLElement): number {
  const left = bar.querySelector(".tz-navbar__items--left");
  const right = bar.querySelector(".tz-navbar__items--right");
  if (!left || !right) return -Infinity;
  const rects = (el: Element) => [...el.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0);
  const ends = rects(left).map((r) => r.right);
  const starts = rects(right).map((r) => r.left);
  if (ends.length === 0 || starts.length === 0) return -Infinity;
  return Math.max(...ends) + MIN_GAP - Math.min(...starts);
}

/** Calls set(true) when the bar's items stop fitting, and set(false) once the bar is again as wide
 *  as they needed (so it does not flip back and forth at one width). Returns a function that stops. */
export function watchCrowded(bar: HTMLElement, set: (crowded: boolean) => void): () => void {
  let crowded = false;
  let needed = 0;
  const check = () => {
    if (!crowded) {
      const over = overlap(bar);
      if (over > 0) {
        needed = bar.clientWidth + over;
        crowded = true;
        set(true);
      }
    } else if (bar.clientWidth >= needed) {
      crowded = false;
      set(false);
    }
  };
  const observer = new ResizeObserver(check);
  observer.observe(bar);
  // Web fonts change the items' widths without resizing the bar.
  void document.fonts?.ready.then(check);
  return () => observer.disconnect();
}
