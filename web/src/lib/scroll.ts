// Scrolling to in-page targets (hash and TOC links). Smooth scrolling when the page style asks for it
// (scroll-behavior: smooth on <html>), otherwise a stepped animation that covers about 15 % of the
// remaining distance per frame; instant under prefers-reduced-motion.

/** Fraction of the remaining distance covered per animation frame. */
export const SCROLL_STEP = 0.15;

import { HASH_SCROLL_END, HASH_SCROLL_START } from "./hashScrollEvents";

export { HASH_SCROLL_END, HASH_SCROLL_START };

/** The next scroll position of the stepped animation; lands exactly on the target once within 1 px. */
export function nextScrollStep(current: number, target: number, step = SCROLL_STEP): number {
  const next = current + (target - current) * step;
  return Math.abs(target - next) < 1 ? target : next;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Top offset kept above a target (the html scroll-padding-top, which leaves room for the navbar). */
function scrollPadding(): number {
  const v = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  return Number.isFinite(v) ? v : 0;
}

let cancelRunning: (() => void) | null = null;

/** Scrolls the window so `target` sits below the navbar; resolves when the scroll has finished. */
export function scrollToElement(target: Element): Promise<void> {
  cancelRunning?.();
  window.dispatchEvent(new Event(HASH_SCROLL_START));
  const done = () => window.dispatchEvent(new Event(HASH_SCROLL_END));
  const maxY = document.documentElement.scrollHeight - window.innerHeight;
  const goal = Math.max(0, Math.min(maxY, window.scrollY + target.getBoundingClientRect().top - scrollPadding()));
  const smooth = getComputedStyle(document.documentElement).scrollBehavior === "smooth";
  if (prefersReducedMotion() || typeof requestAnimationFrame !== "function" || Math.abs(goal - window.scrollY) < 1) {
    window.scrollTo({ top: goal, behavior: "instant" });
    done();
    return Promise.resolve();
  }
  if (smooth) {
    return new Promise((resolve) => {
      const finish = () => {
        window.removeEventListener("scrollend", finish);
        clearTimeout(timer);
        done();
        resolve();
      };
      // scrollend ends it; a timer covers browsers without the event.
      const timer = setTimeout(finish, 1000);
      window.addEventListener("scrollend", finish);
      window.scrollTo({ top: goal, behavior: "smooth" });
    });
  }
  return new Promise((resolve) => {
    let frame = 0;
    let y = window.scrollY;
    const stop = () => {
      cancelAnimationFrame(frame);
      cancelRunning = null;
      removeEventListener("wheel", stop);
      removeEventListener("touchstart", stop);
      done();
      resolve();
    };
    const tick = () => {
      // Something else moved the page (keyboard, scrollbar, a script): the reader has taken over.
      if (Math.abs(window.scrollY - y) > 2) {
        stop();
        return;
      }
      y = nextScrollStep(y, goal);
      window.scrollTo({ top: y, behavior: "instant" });
      if (y === goal) stop();
      else frame = requestAnimationFrame(tick);
    };
    // The reader taking over the scroll ends the animation where it is.
    addEventListener("wheel", stop, { passive: true });
    addEventListener("touchstart", stop, { passive: true });
    cancelRunning = stop;
    frame = requestAnimationFrame(tick);
  });
}
