// What the floating chatbot button covers: shared by the browser test on the fixture site
// (reader-layout.test.mjs) and the sweep of every route of the real site (bench/overlap).
import { framesPassed } from "./harness.mjs";

/** The widths at which the floating button shows, from the narrowest desktop layout up. */
export const OVERLAP_WIDTHS = [997, 1024, 1280, 1440];

/** Runs in the page: the visible text under the floating chatbot button, one entry per covered text
 *  node (a link's text says "link"). */
export function textUnderButton() {
  const button = document.querySelector(".tz-chatbot-button--floating");
  if (!button || !button.checkVisibility()) return ["(no floating chatbot button)"];
  const b = button.getBoundingClientRect();
  const covered = [];
  // Text scrolled out of a scrolling box (a wide code block) is clipped by it, not shown: each rect is
  // cut to the boxes that clip it.
  const clips = new Map();
  const clipOf = (el) => {
    if (!el || el === document.body) return { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    let c = clips.get(el);
    if (!c) {
      c = { ...clipOf(el.parentElement) };
      const style = getComputedStyle(el);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        const r = el.getBoundingClientRect();
        c = { left: Math.max(c.left, r.left), top: Math.max(c.top, r.top), right: Math.min(c.right, r.right), bottom: Math.min(c.bottom, r.bottom) };
      }
      clips.set(el, c);
    }
    return c;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (el.closest(".tz-chatbot-button, .tz-chatbot, .tz-sr-only, .tz-skip-link")) continue;
    range.selectNodeContents(node);
    const clip = clipOf(el);
    for (const full of range.getClientRects()) {
      const r = { left: Math.max(full.left, clip.left), top: Math.max(full.top, clip.top), right: Math.min(full.right, clip.right), bottom: Math.min(full.bottom, clip.bottom) };
      if (r.right > r.left && r.bottom > r.top && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
        covered.push(`${el.closest("a") ? "link" : el.tagName.toLowerCase()} "${node.textContent.trim().slice(0, 40)}"`);
        break;
      }
    }
  }
  return covered;
}

/** Waits until the window has not scrolled and the navbar has not moved for a few frames. */
export async function settled(page) {
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const where = () => `${window.scrollY} ${document.querySelector(".tz-navbar")?.getBoundingClientRect().top}`;
        const first = where();
        let frames = 5;
        const tick = () => (where() !== first ? resolve(false) : --frames === 0 ? resolve(true) : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    null,
    { polling: 50 },
  );
}

/** What the button covers on the loaded page, at the top and then halfway down: "(top): …" lines. */
export async function coveredAtTopAndMiddle(page) {
  const found = [];
  for (const where of ["top", "middle"]) {
    if (where === "middle") await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
    await settled(page);
    await framesPassed(page, 2);
    for (const text of await page.evaluate(textUnderButton)) found.push(`(${where}): ${text}`);
  }
  return found;
}
