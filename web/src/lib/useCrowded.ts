// Whether the navbar's items still fit its width. Between the mobile breakpoint and a wide screen,
// a bar with many items (or a reader's larger text) would draw them over one another; it collapses
// into the side menu instead, as on phones.

import { useEffect, useRef, useState, type RefObject } from "react";

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

/** True while the bar's items do not fit: it is collapsed then, and opens again only once it is as
 *  wide as the items needed (so it does not flip back and forth at one width). */
export function useCrowded(ref: RefObject<HTMLElement | null>): boolean {
  const [crowded, setCrowded] = useState(false);
  const needed = useRef(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== "function") return;
    const check = () => {
      if (!crowded) {
        const over = overlap(el);
        if (over > 0) {
          needed.current = el.clientWidth + over;
          setCrowded(true);
        }
      } else if (el.clientWidth >= needed.current) {
        setCrowded(false);
      }
    };
    const observer = new ResizeObserver(check);
    observer.observe(el);
    // Web fonts change the items' widths without resizing the bar.
    void document.fonts?.ready.then(check);
    return () => observer.disconnect();
  }, [ref, crowded]);
  return crowded;
}
