// What a reader sees when a piece of the app's code cannot be fetched (route interception aborts the
// chunk's requests): the server's HTML stays, a page whose code cannot load is loaded from the server
// instead, and Retry brings the search dialog or the Ask AI panel back in place with what was typed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated, framesPassed } from "./harness.mjs";

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

/** Makes every request for the chunk named `name` fail, until the returned function is called;
 *  resolves the `failed` promise at the first failure. */
async function breakChunk(page, name) {
  let broken = true;
  let failed;
  const first = new Promise((resolve) => (failed = resolve));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.(js|css)$`), (route) => {
    if (!broken) return route.continue();
    failed();
    return route.abort("internetdisconnected");
  });
  return { failed: first, mend: () => (broken = false) };
}

/** Resolves when the page reports that a part of it could not be loaded (after deciding not to reload). */
const reportedFailure = (page) => page.waitForEvent("console", (m) => m.type() === "error" && m.text().includes("could not be loaded"));

/** Counts the main frame's document loads. */
function countLoads(page) {
  const loads = { n: 0 };
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) loads.n++;
  });
  return loads;
}

/** The text of <main> and of the parts named, as the server sent them (JavaScript off). */
async function serverText(path, selectors) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(server.url + path);
  const text = await page.evaluate((sels) => sels.map((s) => document.querySelector(s)?.textContent ?? null), selectors);
  await context.close();
  return text;
}

/** Waits until the navbar has hydrated (the rest of the page, apart from the broken island). */
async function shellHydrated(page) {
  await page.waitForFunction(() => {
    const el = document.querySelector(".tz-navbar");
    return el !== null && Object.keys(el).some((k) => k.startsWith("__reactProps$"));
  });
  await framesPassed(page, 10);
}

const markWindow = (page) => page.evaluate(() => (window.__tzMarker = "kept"));
const marked = (page) => page.evaluate(() => window.__tzMarker === "kept");

test("a page whose content code cannot load keeps the server's text, loaded directly or by a link", async () => {
  const [expected] = await serverText("/", ["main"]);
  assert.ok(expected.length > 200, `the home page has text: ${expected.length} characters`);

  const { page, context } = await openPage(browser);
  const loads = countLoads(page);
  const chunk = await breakChunk(page, "HomePage");
  const reported = reportedFailure(page);
  await page.goto(server.url + "/");
  await chunk.failed;
  await reported;
  await shellHydrated(page);
  assert.equal(await page.locator("main").textContent(), expected, "a direct load keeps the prerendered home page");
  assert.equal(loads.n, 1, "the page did not reload itself");

  // From another page, the logo: the navigator cannot load the home page's code, so it loads the page
  // from the server, which shows its text, not an empty page.
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  await markWindow(page);
  await page.locator(".tz-navbar__brand").click();
  await page.waitForURL(server.url + "/");
  await page.waitForFunction(() => window.__tzMarker === undefined && document.readyState === "complete");
  await shellHydrated(page);
  assert.equal(await page.locator("main").textContent(), expected, "the home page is shown in full after the fallback load");
  await context.close();
});

test("a doc page keeps its server-rendered sidebar and table of contents when their code cannot load", async () => {
  const [sidebar, toc] = await serverText("/architecture/bakers", [".tz-sidebar", ".tz-toc"]);
  assert.ok(sidebar && toc, "the page has a sidebar and a table of contents");
  const { page, context } = await openPage(browser);
  const loads = countLoads(page);
  const sidebarChunk = await breakChunk(page, "DocSidebar");
  const tocChunk = await breakChunk(page, "TOC");
  const reported = reportedFailure(page);
  await page.goto(server.url + "/architecture/bakers");
  await Promise.all([sidebarChunk.failed, tocChunk.failed, reported]);
  await shellHydrated(page);
  assert.equal(await page.locator(".tz-sidebar").textContent(), sidebar);
  assert.equal(await page.locator(".tz-toc").textContent(), toc);
  assert.equal(loads.n, 1, "the page did not reload itself");

  // A link to another doc page cannot be drawn without that code: the page is loaded from the server.
  await markWindow(page);
  await page.locator(".tz-sidebar a[href='/architecture/accounts']").first().click();
  await page.waitForURL(server.url + "/architecture/accounts");
  await page.waitForFunction(() => window.__tzMarker === undefined && document.readyState === "complete");
  await shellHydrated(page);
  assert.equal(await page.locator("h1").first().textContent(), "Accounts");

  // With the code back, the next link is followed in the page, which loads the islands' code, and
  // the sidebar hydrates.
  sidebarChunk.mend();
  tocChunk.mend();
  await markWindow(page);
  const next = page.locator(".tz-pagination a").last();
  const target = new URL(await next.getAttribute("href"), server.url).href;
  await next.click();
  await page.waitForURL(target);
  await page.waitForFunction(() => {
    const el = document.querySelector(".tz-sidebar");
    return el !== null && Object.keys(el).some((k) => k.startsWith("__reactProps$"));
  });
  assert.equal(await marked(page), true, "followed without a page load");
  await context.close();
});

test("Retry loads the search dialog again and opens it with the letters typed", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  const chunk = await breakChunk(page, "SearchDialog");
  await markWindow(page);
  const button = page.locator(".tz-navbar .tz-search-button");
  await button.focus();
  await page.keyboard.type("bak");
  await chunk.failed;
  const alert = page.locator(".tz-chunk-error");
  await alert.waitFor();
  chunk.mend();
  await alert.getByRole("button", { name: "Retry" }).click();
  const combobox = page.locator('[role="dialog"][aria-modal="true"] [role="combobox"]');
  await combobox.waitFor();
  assert.equal(await combobox.inputValue(), "bak");
  // Its styles came with it.
  assert.equal(await page.locator(".tz-search").evaluate((el) => getComputedStyle(el).display), "flex");
  assert.equal(await marked(page), true, "the page was not reloaded");
  await context.close();
});

test("Retry loads Ask AI again in the search dialog and keeps the question", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  const chunk = await breakChunk(page, "AssistantView");
  await markWindow(page);
  await page.keyboard.press("Control+k");
  const dialog = page.locator('[role="dialog"][aria-modal="true"]');
  const combobox = dialog.getByRole("combobox");
  await combobox.fill("smart rollup");
  await dialog.locator('[role="option"]').first().getByText("Ask AI:").waitFor();
  await combobox.press("Enter");
  await chunk.failed;
  const retry = dialog.getByRole("button", { name: "Retry" });
  await retry.waitFor();
  chunk.mend();
  await retry.click();
  await dialog.locator(".tz-assistant__question", { hasText: "smart rollup" }).waitFor();
  assert.equal(await dialog.locator(".tz-askai").evaluate((el) => getComputedStyle(el).display), "flex", "the assistant's styles were loaded");
  assert.equal(await marked(page), true, "the page was not reloaded");
  await context.close();
});
