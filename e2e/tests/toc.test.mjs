// The table of contents with headings down to level 4 (the fixture's governance page sets
// toc_max_heading_level: 4): each h4 entry is drawn nested and indented under its h3, itself under its
// h2, in the side column on a desktop and in the collapsible at the top on a phone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated } from "./harness.mjs";

const PAGE = "/architecture/governance";
const H2 = "The amendment process";
const H3 = "Proposal period";
const H4 = "Submitting a proposal";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** For the entry linking to `name` in the TOC `toc`: the texts of the entries it sits under, outermost
 *  first, and its link's left edge. */
async function placeOf(toc, name) {
  const link = toc.getByRole("link", { name, exact: true });
  const ancestors = await link.evaluate((a, root) => {
    const out = [];
    for (let li = a.closest("li")?.parentElement?.closest("li"); li && root.contains(li); li = li.parentElement?.closest("li")) {
      out.unshift(li.querySelector(":scope > a")?.textContent ?? "?");
    }
    return out;
  }, await toc.elementHandle());
  return { ancestors, left: (await link.boundingBox()).x };
}

/** Checks the three levels are nested and indented one step further each, in the TOC `toc`. */
async function assertNested(toc) {
  const h2 = await placeOf(toc, H2);
  const h3 = await placeOf(toc, H3);
  const h4 = await placeOf(toc, H4);
  assert.deepEqual(h2.ancestors, [], "the h2 entry is at the top level");
  assert.deepEqual(h3.ancestors, [H2], "the h3 entry sits under its h2");
  assert.deepEqual(h4.ancestors, [H2, H3], "the h4 entry sits under its h3");
  assert.ok(h3.left - h2.left >= 8, `h3 is indented from h2 (${h2.left} → ${h3.left})`);
  assert.ok(h4.left - h3.left >= 8, `h4 is indented from h3 (${h3.left} → ${h4.left})`);
  // Every heading of the page is listed once, and only the two h2 entries are at the top level.
  const top = await toc.locator(":scope > ul > li > a").allInnerTexts();
  assert.deepEqual(top, [H2, "Why it matters"]);
  assert.equal(await toc.locator("a.tz-toc__link").count(), 11);
}

test("desktop: h4 entries are nested and indented under their h3, under their h2; following one highlights it", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + PAGE);
  await hydrated(page);
  const toc = page.locator(".tz-doc__toc nav.tz-toc");
  await assertNested(toc);
  await toc.getByRole("link", { name: H4, exact: true }).click();
  await page.waitForFunction(() => location.hash === "#submitting-a-proposal");
  await page.waitForFunction(() => {
    const top = document.getElementById("submitting-a-proposal").getBoundingClientRect().top;
    return Math.abs(top - 72) < 3;
  });
  await page.waitForFunction(() => document.querySelector(".tz-doc__toc .tz-toc__link--active")?.getAttribute("href") === "#submitting-a-proposal");
  assert.deepEqual(errors, []);
  await context.close();
});

test("phone: the collapsible TOC nests the h4 entries too, and its h4 link scrolls to the heading", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(server.url + PAGE);
  await hydrated(page);
  assert.equal(await page.locator(".tz-doc__toc").isVisible(), false, "no side column on a phone");
  const collapsible = page.locator(".tz-toc-collapsible");
  assert.equal(await collapsible.getByRole("link", { name: H4 }).isVisible(), false, "closed at first");
  await collapsible.locator(".tz-toc-collapsible__summary").click();
  await collapsible.getByRole("link", { name: H4 }).waitFor({ state: "visible" });
  await assertNested(collapsible.locator("nav"));
  await collapsible.getByRole("link", { name: H4, exact: true }).click();
  await page.waitForFunction(() => location.hash === "#submitting-a-proposal");
  await page.waitForFunction(() => Math.abs(document.getElementById("submitting-a-proposal").getBoundingClientRect().top - 72) < 3);
  assert.deepEqual(errors, []);
  await context.close();
});
