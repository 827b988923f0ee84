// The search dialog against the fixture site and the real search API: shortcuts, typing, keyboard navigation,
// navigation on Enter, recent and favourite searches across reloads, no results, and the error screen
// once the server is gone.
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

const DIALOG = '[role="dialog"][aria-modal="true"]';

/** Loads a page and waits until the app has hydrated (the search button reacts to shortcuts). */
async function load(page, url) {
  await page.goto(url);
  await hydrated(page);
  await page.locator(".tz-search-button").first().waitFor();
}

async function openWithCtrlK(page) {
  await page.keyboard.press("Control+k");
  await page.locator(DIALOG).waitFor();
  return page.locator(`${DIALOG} [role="combobox"]`);
}

/** Presses ↓ until the option linking to `href` is the active descendant; returns how many presses. */
async function arrowTo(page, input, href) {
  const count = await page.locator(`${DIALOG} [role="option"]`).count();
  for (let i = 0; i <= count; i++) {
    const active = await input.getAttribute("aria-activedescendant");
    if (active) {
      if ((await page.locator(`[id="${active}"]`).getAttribute("href")) === href) return i;
    }
    await input.press("ArrowDown");
  }
  throw new Error(`no option links to ${href}`);
}

test("Ctrl+K and '/' open the dialog, Escape closes it and focus returns", async () => {
  const { page, errors, context } = await openPage(browser);
  await load(page, server.url + "/overview/");
  const input = await openWithCtrlK(page);
  assert.equal(await input.evaluate((el) => el === document.activeElement), true, "the input has focus");
  assert.equal(await input.getAttribute("placeholder"), "Search docs");
  await page.keyboard.press("Escape");
  await page.locator(DIALOG).waitFor({ state: "detached" });
  // '/' opens it when focus is not in a text field…
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.keyboard.press("/");
  await page.locator(DIALOG).waitFor();
  assert.equal(await page.locator(`${DIALOG} [role="combobox"]`).inputValue(), "", "'/' is not typed into the query");
  await page.keyboard.press("Escape");
  await page.locator(DIALOG).waitFor({ state: "detached" });
  // …and a letter typed on the focused button starts the query.
  await page.locator(".tz-search-button").first().focus();
  await page.keyboard.press("b");
  await page.locator(DIALOG).waitFor();
  assert.equal(await page.locator(`${DIALOG} [role="combobox"]`).inputValue(), "b");
  await page.keyboard.press("Escape");
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("tz-search-button")), true, "focus is back on the button");
  assert.deepEqual(errors, []);
  await context.close();
});

test("typing 'bakers', arrows and Enter navigate to /architecture/bakers client-side", async () => {
  const { page, errors, context } = await openPage(browser);
  await load(page, server.url + "/");
  await page.evaluate(() => {
    window.__tzMarker = "kept";
  });
  const input = await openWithCtrlK(page);
  await input.fill("bakers");
  await page.locator(`${DIALOG} [role="listbox"] [role="group"]`).first().waitFor();
  assert.ok((await page.locator(`${DIALOG} [role="option"]`).count()) > 1, "several options");
  assert.ok((await page.locator(`${DIALOG} mark`).count()) > 0, "matches are highlighted");
  const first = await input.getAttribute("aria-activedescendant");
  await input.press("ArrowDown");
  assert.notEqual(await input.getAttribute("aria-activedescendant"), first, "ArrowDown moves the active option");
  await input.press("ArrowUp");
  assert.equal(await input.getAttribute("aria-activedescendant"), first, "ArrowUp moves it back");
  await arrowTo(page, input, "/architecture/bakers");
  await input.press("Enter");
  await page.waitForURL(server.url + "/architecture/bakers");
  await page.locator(DIALOG).waitFor({ state: "detached" });
  assert.match(await page.locator("h1").first().innerText(), /Bakers/i);
  assert.equal(await page.evaluate(() => window.__tzMarker), "kept", "Enter went through client navigation");
  assert.deepEqual(errors, []);
  await context.close();
});

test("recent and favourite searches persist across reloads", async () => {
  const { page, context } = await openPage(browser);
  await load(page, server.url + "/overview/");
  let input = await openWithCtrlK(page);
  await input.fill("bakers");
  await page.locator(`${DIALOG} [role="listbox"] [role="group"]`).first().waitFor();
  await arrowTo(page, input, "/architecture/bakers");
  await input.press("Enter");
  await page.waitForURL(server.url + "/architecture/bakers");

  await page.reload();
  await hydrated(page);
  await openWithCtrlK(page);
  const recent = page.locator(`${DIALOG} .tz-search__group`, { has: page.getByText("Recent", { exact: true }) });
  await recent.waitFor();
  assert.equal(await recent.locator('a[href="/architecture/bakers"]').count(), 1, "the pick is listed under Recent after a reload");

  await recent.locator('button[title="Save this search"]').first().click();
  const favorite = page.locator(`${DIALOG} .tz-search__group`, { has: page.getByText("Favorite", { exact: true }) });
  await favorite.waitFor();
  await page.keyboard.press("Escape");

  await page.reload();
  await hydrated(page);
  input = await openWithCtrlK(page);
  await favorite.waitFor();
  assert.equal(await favorite.locator('a[href="/architecture/bakers"]').count(), 1, "the favourite survives a reload");
  await favorite.locator('button[title="Remove this search from favorites"]').first().click();
  await favorite.waitFor({ state: "detached" });
  await context.close();
});

test("a query without results shows the query and up to 3 suggestions", async () => {
  const { page, errors, context } = await openPage(browser);
  await load(page, server.url + "/overview/");
  const input = await openWithCtrlK(page);
  await input.fill("qwxzv");
  const screen = page.locator(`${DIALOG} .tz-search__no-results`);
  await screen.waitFor();
  assert.match(await screen.innerText(), /No results found for\s+“qwxzv”/);
  const suggestions = screen.locator(".tz-search__suggestion");
  // No past queries in a fresh browser: the first 3 of the fixture's 4 askAi.suggestedQuestions.
  assert.deepEqual(
    (await suggestions.allInnerTexts()).map((t) => t.replace(/[“”]/g, "")),
    ["What is a smart rollup?", "How do bakers get their rights?", "What is the Octez client?"],
  );
  assert.match(await screen.innerText(), /Try searching for/);
  const text = (await suggestions.first().innerText()).replace(/[“”]/g, "");
  await suggestions.first().click();
  assert.equal(await input.inputValue(), text, "a suggestion becomes the query");
  assert.deepEqual(errors, []);
  await context.close();
});

test("with the server stopped, the dialog shows the error screen after its retries", async () => {
  const own = await startServer();
  const { page, context } = await openPage(browser);
  await load(page, own.url + "/overview/");
  const input = await openWithCtrlK(page);
  await own.stop();
  await input.fill("smart rollups");
  const error = page.locator(`${DIALOG} .tz-search__error`);
  await error.waitFor({ timeout: 10_000 });
  assert.match(await error.innerText(), /Unable to fetch results/);
  assert.match(await error.innerText(), /You might want to check your network connection\./);
  await context.close();
});

test("phone: search and the chatbot open from icon buttons in the bar, and nothing floats over the text", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await load(page, server.url + "/architecture/bakers");
  const nav = page.getByRole("navigation", { name: "Main" });
  const search = nav.getByRole("button", { name: /^Search/ });
  const chatbot = nav.getByRole("button", { name: /chatbot/ });
  assert.ok(await search.isVisible(), "the search button is in the bar");
  assert.ok(await chatbot.isVisible(), "the chatbot opener is in the bar");
  // The floating opener is for wide screens only: on a phone it would cover the text.
  assert.equal(await page.locator(".tz-chatbot-button--floating").isVisible(), false);
  const bar = await nav.boundingBox();
  for (const b of [await search.boundingBox(), await chatbot.boundingBox()]) {
    assert.ok(b.y >= bar.y && b.y + b.height <= bar.y + bar.height && b.x + b.width <= 390, `inside the bar: ${JSON.stringify(b)}`);
  }
  // The search dialog opens full-screen with its input focused.
  await search.tap();
  await page.locator(DIALOG).waitFor();
  const input = page.locator(`${DIALOG} [role="combobox"]`);
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
  const box = await page.locator(`${DIALOG}`).boundingBox();
  assert.ok(box.width >= 389 && box.x <= 1, `full width: ${JSON.stringify(box)}`);
  await input.fill("bakers");
  await page.locator(`${DIALOG} [role="option"]`).first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
