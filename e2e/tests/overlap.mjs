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
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (el.closest(".tz-chatbot-button, .tz-chatbot, .tz-sr-only, .tz-skip-link")) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && r.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
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
