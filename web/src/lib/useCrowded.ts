// Whether the navbar's items still fit its width. Between the mobile breakpoint and a wide screen,
// a bar with many items (or a reader's larger text) would draw them over one another; it collapses
// into the side menu instead, as on phones. The watching code (lib/crowded) loads after hydration.

import { useEffect, useState, type RefObject } from "react";

/** True while the bar's items do not fit (see crowded.watchCrowded). */
export function useCrowded(ref: RefObject<HTMLElement | null>): boolean {
  const [crowded, setCrowded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== "function") return;
    let live = true;
    let stop: (() => void) | undefined;
    void import("./crowded").then(
      (m) => {
        if (live) stop = m.watchCrowded(el, setCrowded);
      },
      () => {}, // without it the bar stays as it is: nothing breaks
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [ref]);
  return crowded;
}
