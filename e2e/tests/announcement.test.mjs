// The announcement bar (docs/behaviour.md): shown until the reader closes it, the dismissal remembered in local
// storage, and shown again when the site's bar gets a new id. The second id comes from a second build
// of the fixture site with only themeConfig.announcementBar.id changed, served at the same origin (so
// the browser storage is the same) once the first server has stopped.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURE_SITE, buildSite, startServer, launchBrowser, openPage, holdResponses, hydrated } from "./harness.mjs";

const FIRST_ID = "fixture-announcement-1";
const SECOND_ID = "fixture-announcement-2";
const KEY = "tz-announcement-dismissed";
const TEXT = "New to Tezos? Start with the glossary.";

let browser;
let work;
let secondBuild;
const servers = [];

before(async () => {
  browser = await launchBrowser();
  // The second build: a copy of the fixture site whose bar has another id.
  work = await mkdtemp(path.join(tmpdir(), "tzdocs-e2e-announcement-"));
  const site = path.join(work, "site");
  await cp(FIXTURE_SITE, site, { recursive: true });
  const yaml = path.join(site, "site.yaml");
  const config = await readFile(yaml, "utf8");
  if (!config.includes(`id: ${FIRST_ID}`)) throw new Error(`e2e/fixture-site/site.yaml no longer sets announcementBar.id: ${FIRST_ID}`);
  await writeFile(yaml, config.replace(`id: ${FIRST_ID}`, `id: ${SECOND_ID}`));
  secondBuild = path.join(work, "out");
  await buildSite(site, secondBuild);
});

after(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

async function serve(dir, options) {
  const s = await startServer(dir, options);
  servers.push(s);
  return s;
}

const bar = (page) => page.getByRole("region", { name: "Announcement" });

/** Loads a page and waits until the app has hydrated and settled. */
async function load(page, url) {
  await page.goto(url);
  await hydrated(page);
}

test("the bar shows until closed, stays closed after a reload, and shows again for a new id", async () => {
  let server = await serve();
  const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });

  // First visit: the bar, its text and its link.
  await load(page, server.url + "/overview/");
  assert.equal(await bar(page).isVisible(), true, "shown on the first visit");
  assert.equal(await bar(page).locator(".tz-announcement__content").innerText(), TEXT);
  assert.equal(await bar(page).getByRole("link", { name: "glossary" }).getAttribute("href"), "/overview/glossary");

  // Closing it hides it and remembers its id.
  await bar(page).getByRole("button", { name: "Close" }).click();
  await bar(page).waitFor({ state: "detached" });
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), FIRST_ID);

  // Client navigation to another page keeps it closed.
  await page.locator(".tz-sidebar a", { hasText: "Glossary" }).first().click();
  await page.waitForURL(server.url + "/overview/glossary");
  assert.equal(await page.locator(".tz-announcement").count(), 0);

  // After a reload it is hidden from the first paint, before any app script has run…
  const scripts = await holdResponses(page, /\/assets\/.*\.js$/);
  await page.reload({ waitUntil: "commit" });
  await page.waitForSelector("h1");
  assert.equal(await page.locator(".tz-announcement").count(), 1, "the prerendered HTML has the bar");
  assert.equal(await page.locator(".tz-announcement").isVisible(), false, "the pre-paint script hides a closed bar");
  await scripts.stop();
  // …and stays closed once the app runs.
  // (The prerendered bar is in the HTML, hidden by CSS; the app removes it.)
  await hydrated(page);
  await page.locator(".tz-announcement").waitFor({ state: "detached" });

  // The same origin now serves a build whose bar has a new id: it shows again.
  const port = new URL(server.url).port;
  await server.stop();
  server = await serve(secondBuild, { port: Number(port) });
  await load(page, server.url + "/overview/glossary");
  await bar(page).waitFor();
  assert.equal(await bar(page).locator(".tz-announcement__content").innerText(), TEXT);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), null, "the old dismissal is forgotten");
  await bar(page).getByRole("button", { name: "Close" }).click();
  await bar(page).waitFor({ state: "detached" });
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), SECOND_ID);
  await load(page, server.url + "/overview/");
  await page.locator(".tz-announcement").waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("without storage, closing works for the page view and the bar is back after a reload", async () => {
  const server = await serve();
  const { page, context, errors } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  await load(page, server.url + "/overview/");
  await bar(page).getByRole("button", { name: "Close" }).click();
  await bar(page).waitFor({ state: "detached" });
  await page.locator(".tz-sidebar a", { hasText: "Glossary" }).first().click();
  await page.waitForURL(server.url + "/overview/glossary");
  assert.equal(await page.locator(".tz-announcement").count(), 0, "closed for the rest of the page view");
  await load(page, server.url + "/overview/glossary");
  assert.equal(await bar(page).isVisible(), true, "nothing could be remembered, so a new page view shows it");
  assert.deepEqual(errors, []);
  await context.close();
});
