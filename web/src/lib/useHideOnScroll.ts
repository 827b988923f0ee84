import { useEffect, useState } from "react";
import { HASH_SCROLL_END, HASH_SCROLL_START } from "./hashScrollEvents";

/** Whether a hide-on-scroll navbar should be hidden: scrolling down past the bar hides it, scrolling up
 *  shows it, and following a hash link hides it (the target heading gets the top of the window).
 *  Always false on the server and at hydration, so the first client render matches the HTML. */
export function useHideOnScroll(enabled: boolean, barHeight = 60): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let hashJump = false;
    /** True while lib/scroll animates to a hash target: its scroll events say nothing about direction. */
    let animating = false;
    const onScroll = () => {
      const y = window.scrollY;
      if (animating) {
        lastY = y;
        return;
      }
      if (hashJump) {
        hashJump = false;
        lastY = y;
        setHidden(y > barHeight);
        return;
      }
      if (y < barHeight) setHidden(false);
      else if (Math.abs(y - lastY) > 4) setHidden(y > lastY);
      lastY = y;
    };
    // A browser-driven jump (back/forward between hashes, a typed URL).
    const onHash = () => {
      hashJump = true;
    };
    const onStart = () => {
      animating = true;
      setHidden(true);
    };
    const onEnd = () => {
      animating = false;
      lastY = window.scrollY;
      setHidden(lastY > barHeight);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("hashchange", onHash);
    window.addEventListener(HASH_SCROLL_START, onStart);
    window.addEventListener(HASH_SCROLL_END, onEnd);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("hashchange", onHash);
      window.removeEventListener(HASH_SCROLL_START, onStart);
      window.removeEventListener(HASH_SCROLL_END, onEnd);
    };
  }, [enabled, barHeight]);
  return enabled && hidden;
}
