// Routes and navigation on the fixture site: prerendered pages that hydrate, client-side navigation by
// navbar, dropdown, sidebar, generated index and footer, the page without JavaScript, the not-found
// page, canonical redirects, prefetching, external links and the search page.
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

/** Marks the window, so a full page load (which discards the mark) can be told from client navigation. */
async function markWindow(page) {
  await page.evaluate(() => {
    window.__tzMarker = "kept";
  });
}
const stillMarked = (page) => page.evaluate(() => window.__tzMarker === "kept");

test("home page renders prerendered content and hydrates without errors", async () => {
  const { page, errors, context } = await openPage(browser);
  const res = await page.goto(server.url + "/");
  assert.equal(res.status(), 200);
  assert.equal(await page.title(), "Tezos Fixture Docs");
  assert.equal(await page.locator("h1").first().innerText(), "Tezos Fixture Docs");
  assert.ok((await page.locator("main a[href='/architecture/bakers']").count()) > 0, "the home cards link to pages");
  await page.waitForLoadState("networkidle");
  assert.deepEqual(errors, []);
  await context.close();
});

test("navbar and sidebar navigate client-side without a full page load", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/");
  await hydrated(page);
  await markWindow(page);
  await page.locator(".tz-navbar a", { hasText: "Documentation" }).first().click();
  await page.waitForURL(server.url + "/overview/");
  assert.equal(await page.locator("h1").first().innerText(), "Overview");
  await page.locator(".tz-sidebar a", { hasText: "Glossary" }).first().click();
  await page.waitForURL(server.url + "/overview/glossary");
  assert.equal(await page.locator("h1").first().innerText(), "Glossary");
  assert.equal(await page.title(), "Glossary | Tezos Fixture Docs");
  assert.equal(await stillMarked(page), true, "navigation reloaded the page");
  // The sidebar marks the current page.
  assert.equal(await page.locator('.tz-sidebar a[aria-current="page"]').first().innerText(), "Glossary");
  // Back returns to the overview, still without a reload.
  await page.goBack();
  await page.waitForURL(server.url + "/overview/");
  assert.equal(await stillMarked(page), true);
  // The second sidebar: Tutorials in the navbar shows the tutorials sidebar.
  await page.locator(".tz-navbar a", { hasText: "Tutorials" }).first().click();
  await page.waitForURL(server.url + "/tutorials");
  await page.locator(".tz-sidebar a", { hasText: "Build a dApp" }).first().waitFor();
  assert.equal(await page.locator(".tz-sidebar a", { hasText: "Glossary" }).count(), 0, "the documentation sidebar is gone");
  assert.equal(await stillMarked(page), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the navbar dropdown opens, lists its links, navigates client-side and closes with Escape", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  await markWindow(page);
  const toggle = page.locator(".tz-navbar__dropdown-toggle", { hasText: "Tools" });
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
  await menu.getByRole("link", { name: "Michelson" }).waitFor({ state: "visible" });
  const external = menu.getByRole("link", { name: /Octez manual/ });
  assert.equal(await external.getAttribute("target"), "_blank");
  assert.match(await external.getAttribute("rel"), /noreferrer/);
  assert.match(await external.innerText(), /\(opens in new tab\)/);
  await page.keyboard.press("Escape");
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  await toggle.click();
  await menu.getByRole("link", { name: "Michelson" }).click();
  await page.waitForURL(server.url + "/smart-contracts/michelson");
  assert.equal(await page.locator("h1").first().innerText(), "Michelson");
  assert.equal(await stillMarked(page), true, "the dropdown link went through client navigation");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a generated index lists its category's pages as cards that navigate", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/smart-contracts");
  await hydrated(page);
  assert.equal(await page.locator("h1").first().innerText(), "Smart contracts");
  const cards = page.locator(".tz-markdown a.tz-tutorial-card");
  assert.deepEqual(await cards.locator(".tz-tutorial-card__title").allInnerTexts(), ["Michelson", "LIGO"]);
  await markWindow(page);
  await cards.filter({ hasText: "LIGO" }).click();
  await page.waitForURL(server.url + "/smart-contracts/ligo");
  assert.equal(await page.locator("h1").first().innerText(), "LIGO");
  assert.equal(await stillMarked(page), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the footer shows its columns and copyright; its links navigate", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/architecture/accounts");
  await hydrated(page);
  const footer = page.locator("footer.tz-footer");
  assert.deepEqual(await footer.locator(".tz-footer__title").allInnerTexts(), ["Learn", "Community"]);
  assert.equal(await footer.locator(".tz-footer__copyright").innerText(), "Fixture pages for the tzdocs browser tests.");
  const agora = footer.getByRole("link", { name: /Tezos Agora/ });
  assert.equal(await agora.getAttribute("target"), "_blank");
  await markWindow(page);
  await footer.getByRole("link", { name: "Glossary" }).click();
  await page.waitForURL(server.url + "/overview/glossary");
  assert.equal(await stillMarked(page), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("pages read completely with JavaScript off", async () => {
  const { page, context } = await openPage(browser, { javaScriptEnabled: false });
  await page.goto(server.url + "/overview/glossary");
  assert.equal(await page.locator("h1").first().innerText(), "Glossary");
  assert.equal(await page.locator(".tz-markdown h2").count(), 19, "every glossary term is in the HTML");
  assert.ok((await page.locator(".tz-sidebar a").count()) > 5, "the sidebar is in the HTML");
  await page.goto(server.url + "/architecture/accounts");
  const tip = page.locator(".tz-markdown .tz-admonition--tip");
  assert.equal(await tip.locator(".tz-admonition__title").textContent(), "Keep your keys safe");
  assert.equal(await page.locator(".tz-markdown .tz-admonition--note").count(), 1);
  assert.equal(await page.locator(".tz-markdown table tr").count(), 5, "the table of prefixes");
  const img = page.locator(".tz-markdown img");
  assert.equal(await img.getAttribute("width"), "480", "images carry their size, so nothing moves as they load");
  assert.equal(await page.locator(".tz-announcement").innerText(), "New to Tezos? Start with the glossary.");
  await context.close();
});

test("external links in content open in a new tab without referrer, and say so", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(server.url + "/architecture/accounts");
  const link = page.locator(".tz-markdown a", { hasText: "Octez manual" });
  assert.equal(await link.getAttribute("href"), "https://tezos.gitlab.io");
  assert.equal(await link.getAttribute("target"), "_blank");
  assert.match(await link.getAttribute("rel"), /\bnoreferrer\b/);
  assert.match(await link.innerText(), /\(opens in new tab\)$/);
  const inside = page.locator(".tz-markdown a", { hasText: "glossary" });
  assert.equal(await inside.getAttribute("target"), null, "links inside the site stay in the tab");
  await context.close();
});

test("an unknown path shows the not-found page with status 404", async () => {
  const { page, context } = await openPage(browser);
  const res = await page.goto(server.url + "/nope");
  assert.equal(res.status(), 404);
  assert.equal(await page.locator("h1").first().innerText(), "Page Not Found");
  await context.close();
});

test("index.html and .html spellings redirect to the canonical route", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(server.url + "/overview/glossary/index.html");
  assert.equal(page.url(), server.url + "/overview/glossary");
  await page.goto(server.url + "/overview/glossary.html");
  assert.equal(page.url(), server.url + "/overview/glossary");
  await page.goto(server.url + "/overview");
  assert.equal(page.url(), server.url + "/overview/");
  await context.close();
});

test("previous/next links prefetch their page data once visible", async () => {
  const { page, context } = await openPage(browser);
  const data = [];
  page.on("request", (r) => {
    if (r.url().includes("/_data/")) data.push(new URL(r.url()).pathname);
  });
  await page.goto(server.url + "/architecture/accounts");
  await page.waitForLoadState("networkidle");
  assert.ok(!data.includes("/_data/architecture/bakers.json"), "nothing is prefetched before the links are in view");
  await page.locator(".tz-pagination").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/_data/architecture/bakers.json")));
  assert.ok(data.includes("/_data/architecture/bakers.json"), `requests: ${data}`);
  await context.close();
});

test("the search page shows the hits for ?q= and follows one client-side", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/search?q=accuser");
  const hit = page.locator('.tz-search-page__hit-title[href^="/architecture/accusers"]').first();
  await hit.waitFor();
  assert.ok((await page.locator(".tz-search-page__hit mark").count()) > 0, "matches are highlighted");
  await markWindow(page);
  await hit.click();
  await page.waitForURL(new RegExp(`^${server.url}/architecture/accusers`));
  assert.equal(await page.locator("h1").first().innerText(), "Accusers");
  assert.equal(await stillMarked(page), true);
  assert.deepEqual(errors, []);
  await context.close();
});
