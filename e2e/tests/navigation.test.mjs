import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage } from "./harness.mjs";

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

test("home page renders prerendered content and hydrates without errors", async () => {
  const { page, errors, context } = await openPage(browser);
  const res = await page.goto(server.url + "/");
  assert.equal(res.status(), 200);
  assert.equal(await page.title(), "Tezos Documentation");
  assert.match(await page.locator("h1").first().innerText(), /Tezos Documentation/);
  await page.waitForLoadState("networkidle");
  assert.deepEqual(errors, []);
  await context.close();
});

test("navbar and sidebar navigate client-side without a full page load", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/");
  await page.waitForLoadState("networkidle");
  // A full page load would discard this marker.
  await page.evaluate(() => {
    window.__tzMarker = "kept";
  });
  await page.locator(".tz-navbar a", { hasText: "Documentation" }).first().click();
  await page.waitForURL(server.url + "/overview/");
  assert.match(await page.locator("h1").first().innerText(), /\S/);
  await page.locator(".tz-sidebar a", { hasText: "Glossary" }).first().click();
  await page.waitForURL(server.url + "/overview/glossary");
  assert.equal(await page.locator("h1").first().innerText(), "Glossary");
  assert.equal(await page.title(), "Glossary | Tezos Documentation");
  assert.equal(await page.evaluate(() => window.__tzMarker), "kept", "navigation reloaded the page");
  // The sidebar marks the current page.
  assert.equal(await page.locator('.tz-sidebar a[aria-current="page"]').first().innerText(), "Glossary");
  // Back returns to the overview, still without a reload.
  await page.goBack();
  await page.waitForURL(server.url + "/overview/");
  assert.equal(await page.evaluate(() => window.__tzMarker), "kept");
  assert.deepEqual(errors, []);
  await context.close();
});

test("pages read completely with JavaScript off", async () => {
  const { page, context } = await openPage(browser, { javaScriptEnabled: false });
  await page.goto(server.url + "/overview/glossary");
  assert.equal(await page.locator("h1").first().innerText(), "Glossary");
  assert.ok((await page.locator(".tz-markdown h2").count()) >= 10, "glossary headings are in the HTML");
  assert.ok((await page.locator(".tz-sidebar a").count()) > 5, "sidebar is in the HTML");
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
  await page.locator(".tz-pagination").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/_data/architecture/bakers.json")));
  assert.ok(data.includes("/_data/architecture/bakers.json"), `requests: ${data}`);
  await context.close();
});
