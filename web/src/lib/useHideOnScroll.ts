import { useEffect, useState } from "react";

/** Whether a hide-on-scroll navbar should be hidden: scrolling down past the bar hides it, scrolling up
 *  shows it, and following a hash link hides it (the target heading gets the top of the window).
 *  Always false on the server and at hydration, so the first client render matches the HTML. */
export function useHideOnScroll(enabled: boolean, barHeight = 60): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let hashJump = false;
    const onScroll = () => {
      const y = window.scrollY;
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
    const onHash = () => {
      hashJump = true;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("hashchange", onHash);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("hashchange", onHash);
    };
  }, [enabled, barHeight]);
  return enabled && hidden;
}
