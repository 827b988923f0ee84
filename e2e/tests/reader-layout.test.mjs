// What stands between a reader and the text: the floating chatbot button never covers text, links
// or the table of contents on wide screens; a link to a heading on another page leaves the heading
// in view below the navbar; the search shortcut is caught before the page has hydrated and left to
// the browser in a text field; the search page has a <main> for the skip link; on a phone the
// chatbot keeps its conversation when closed and reopened.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated, framesPassed, holdResponses } from "./harness.mjs";
import { OVERLAP_WIDTHS, coveredAtTopAndMiddle, settled } from "./overlap.mjs";

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

const PAGES = ["/", "/overview/", "/overview/glossary", "/architecture/bakers", "/architecture/accounts"];

test("the floating chatbot button covers no text, link or table of contents entry at 997 to 1440 px", async () => {
  const { page, context } = await openPage(browser, { viewport: { width: OVERLAP_WIDTHS[0], height: 800 } });
  const found = [];
  for (const width of OVERLAP_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGES) {
      await page.goto(server.url + path);
      await hydrated(page);
      for (const text of await coveredAtTopAndMiddle(page)) found.push(`${width} px ${path} ${text}`);
    }
  }
  assert.deepEqual(found, []);
  await context.close();
});

test("a link to a heading on another page shows the heading below the navbar, which hides", async () => {
  const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  await page.locator(".tz-navbar a", { hasText: "Terms" }).first().click();
  await page.waitForURL(server.url + "/overview/glossary#tez");
  await page.locator("h1", { hasText: "Glossary" }).waitFor();
  // The navbar slides out of view (the focus of the link followed does not keep it there).
  await page.waitForFunction(() => document.querySelector(".tz-navbar").getBoundingClientRect().bottom <= 1, null, { timeout: 10_000 });
  await settled(page);
  const { heading, bar, hidden } = await page.evaluate(() => ({
    heading: document.getElementById("tez").getBoundingClientRect().top,
    bar: document.querySelector(".tz-navbar").getBoundingClientRect().bottom,
    hidden: document.querySelector(".tz-navbar").classList.contains("tz-navbar--hidden"),
  }));
  assert.ok(heading >= Math.max(0, bar) - 1, `the heading (top ${heading}) is below the navbar (bottom ${bar})`);
  assert.ok(heading < 200, `the heading is at the top of the window: ${heading}`);
  assert.equal(hidden, true, "the navbar hides, as for a link on the same page");
  await context.close();
});

test("Ctrl+K pressed before the page has hydrated opens search once it has", async () => {
  const { page, context } = await openPage(browser);
  // The search button's code is held back: the page shows, but nothing of it can act yet.
  const held = await holdResponses(page, /\/assets\/SearchButton-[\w-]+\.js$/);
  await page.goto(server.url + "/overview/", { waitUntil: "domcontentloaded" });
  await page.keyboard.press("Control+k");
  await held.stop();
  const combobox = page.locator('[role="dialog"][aria-modal="true"] [role="combobox"]');
  await combobox.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
  await context.close();
});

test("Ctrl+K in the feedback form's comment leaves search closed; outside a field it opens it", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(server.url + "/overview/feedback");
  await hydrated(page);
  const comment = page.locator(".tz-feedback-form").getByLabel("Comment", { exact: true });
  await comment.fill("Typos on the glossary");
  await comment.press("Control+k");
  await framesPassed(page, 10);
  assert.equal(await page.locator('[role="dialog"][aria-modal="true"]').count(), 0, "search stays closed");
  assert.equal(await comment.evaluate((el) => el === document.activeElement), true, "the comment keeps the focus");
  await comment.blur();
  await page.keyboard.press("Control+k");
  await page.locator('[role="dialog"][aria-modal="true"] [role="combobox"]').waitFor();
  await context.close();
});

test("the search page's skip link leads to its <main>", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(server.url + "/search?q=bakers");
  await hydrated(page);
  assert.equal(await page.locator("main#tz-main").count(), 1);
  await page.keyboard.press("Tab");
  await page.getByRole("link", { name: "Skip to main content" }).press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "tz-main");
  await context.close();
});

test("phone: closing and reopening the chatbot keeps the conversation", async () => {
  const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  const opener = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /chatbot/ });
  await opener.tap();
  const panel = page.locator('[role="dialog"]:has(.tz-chatbot__title)');
  await panel.waitFor();
  const input = panel.locator(".tz-assistant__input");
  await input.fill("What is a smart rollup?");
  await input.press("Enter");
  await panel.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
  await panel.getByRole("button", { name: /close/i }).first().tap();
  await panel.waitFor({ state: "hidden" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /chatbot/ }).tap();
  await panel.waitFor();
  assert.equal(await panel.locator(".tz-assistant__question", { hasText: "What is a smart rollup?" }).count(), 1, "the question is still there");
  assert.equal(await panel.getByRole("button", { name: "Copy answer" }).count(), 1, "so is the answer");
  await context.close();
});
