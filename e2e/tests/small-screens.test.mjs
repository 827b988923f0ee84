// The reader's main paths on a phone (390 px) and a tablet (800 px), both below the 997 px breakpoint
// and with touch: navigating through the side menu, searching from the bar, asking the chatbot from
// the bar, and rating a page. Each runs at both sizes against the fixture site.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated } from "./harness.mjs";

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

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["tablet", { width: 800, height: 1280 }],
];

/** Opens a page at a small screen size, with touch, and waits until the app has hydrated. */
async function visit(viewport, route) {
  const opened = await openPage(browser, { viewport, hasTouch: true, isMobile: true });
  await opened.page.goto(server.url + route);
  await hydrated(opened.page);
  // Marks this document, so a full page load (which would lose the mark) can be told from a client one.
  await opened.page.evaluate(() => {
    window.__tzMarker = "kept";
  });
  return opened;
}

const stillSameDocument = (page) => page.evaluate(() => window.__tzMarker === "kept");

/** Asserts that nothing is wider than the screen: no sideways scrolling on small screens. */
async function assertNoSidewaysScroll(page, width) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `the page is ${scrollWidth} px wide on a ${width} px screen`);
}

for (const [name, viewport] of SIZES) {
  test(`${name}: the side menu navigates client-side to another page and closes`, async () => {
    const { page, errors, context } = await visit(viewport, "/architecture/bakers");
    await assertNoSidewaysScroll(page, viewport.width);
    assert.equal(await page.locator(".tz-doc-layout__sidebar").isVisible(), false, "the sidebar column is hidden");
    await page.getByRole("button", { name: "Toggle navigation bar" }).tap();
    const menu = page.getByRole("dialog");
    await menu.waitFor();
    await menu.locator(".tz-sidebar a", { hasText: "Accounts" }).first().tap();
    await page.waitForURL(/\/architecture\/accounts$/);
    await menu.waitFor({ state: "detached" });
    assert.equal(await page.locator("h1").first().innerText(), "Accounts");
    assert.equal(await stillSameDocument(page), true, "the menu link reloaded the page");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${name}: search opens from the bar, and a hit navigates client-side`, async () => {
    const { page, errors, context } = await visit(viewport, "/overview/");
    const search = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /^Search/ });
    await search.tap();
    const dialog = page.locator('[role="dialog"]:has([role="combobox"])');
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
    const box = await dialog.boundingBox();
    assert.ok(box.width >= viewport.width - 1 && box.x <= 1, `the dialog fills the screen's width: ${JSON.stringify(box)}`);
    await dialog.locator('[role="combobox"]').fill("bakers");
    const hit = dialog.locator('a[role="option"][href*="/architecture/bakers"]').first();
    await hit.waitFor();
    await hit.tap();
    await page.waitForURL(/\/architecture\/bakers/);
    await dialog.waitFor({ state: "detached" });
    assert.equal(await page.locator("h1").first().innerText(), "Bakers");
    assert.equal(await stillSameDocument(page), true, "the hit reloaded the page");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${name}: the chatbot opens from the bar and answers with a link to its source`, async () => {
    const { page, errors, context } = await visit(viewport, "/overview/");
    assert.equal(await page.locator(".tz-chatbot-button--floating").isVisible(), false, "nothing floats over the text");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /chatbot/ }).tap();
    const panel = page.locator('[role="dialog"][aria-labelledby]:has(.tz-chatbot__title)');
    await panel.waitFor();
    const box = await panel.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `the panel fits the screen: ${JSON.stringify(box)}`);
    const input = panel.locator(".tz-assistant__input");
    await input.fill("What is a smart rollup?");
    await input.press("Enter");
    await panel.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
    const link = panel.locator('.tz-assistant__answer .tz-assistant__markdown a[href^="/architecture/smart-rollups"]').first();
    await link.waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" }); // kept, with its conversation, for the next open
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${name}: a page vote is sent and thanked`, async () => {
    const { page, errors, context } = await visit(viewport, "/architecture/accounts");
    const widget = page.locator(".tz-feedback");
    await widget.scrollIntoViewIfNeeded();
    const yes = widget.getByRole("button", { name: "Yes" });
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/feedback") && r.request().method() === "POST"),
      yes.tap(),
    ]);
    assert.equal(res.status(), 201);
    assert.deepEqual(res.request().postDataJSON(), { url: "/architecture/accounts", helpful: true, website: "" });
    // The widget updates once it has read the answer, a moment after the response arrives.
    await widget.getByRole("button", { name: "Yes", pressed: true }).waitFor();
    const buttons = await widget.getByRole("button").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    // Touch targets of at least 24 px (WCAG 2.5.8).
    for (const h of buttons) assert.ok(h >= 24, `a feedback button is ${h} px tall`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
