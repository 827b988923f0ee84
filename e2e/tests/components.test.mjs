// Browser tests for the site's own React components (e2e/fixture-site/src/components): every use is in
// the page's HTML as built, with JavaScript off; the interactive counter hydrates near the viewport and
// works; static components and pages without components load no component or island code.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated } from "./harness.mjs";

const COMPONENTS_PAGE = "/developing/network-status"; // Counter (interactive), Badge and BadgeList (CSS module), StaticNote
const STATIC_PAGE = "/developing/baking-checklist"; // only static components
const PLAIN_PAGE = "/overview"; // no component

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

/** The code of site components: their chunks, and the loader that hydrates them. */
const ISLAND_CODE = /\/assets\/components\/|\/islands-[\w-]+\.js$/;

function recordScripts(page) {
  const scripts = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  return scripts;
}

test("with JavaScript off, the components' server HTML and styles are in the page", async () => {
  const { page, errors, context } = await openPage(browser, { javaScriptEnabled: false });
  await page.goto(server.url + COMPONENTS_PAGE);
  const md = page.locator(".tz-markdown");
  assert.equal(await md.locator(".fixture-counter__value").textContent(), "Operations: 3");
  assert.equal(await md.locator(".fixture-note .fixture-note__tags").textContent(), "governance · amendment");
  // Markdown children are rendered inside the component, links resolved.
  assert.equal(await md.locator(".fixture-note .tz-children a").getAttribute("href"), "/architecture/governance");
  assert.deepEqual(await md.locator("ul li").allTextContents(), ["Mainnet", "Ghostnet"]);
  // The CSS module's stylesheet is linked: the badge has its background.
  const background = await md.getByText("Mainnet up").evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(background, "rgb(213, 245, 227)");
  // A component's element ids are anchors like headings.
  assert.equal(await page.locator("#counter-operations").count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the interactive counter hydrates near the viewport and counts", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 1000, height: 500 } });
  const scripts = recordScripts(page);
  await page.goto(server.url + COMPONENTS_PAGE);
  await hydrated(page);
  const button = page.locator(".fixture-counter button");
  await page.waitForFunction(() => {
    const b = document.querySelector(".fixture-counter button");
    return b !== null && Object.keys(b).some((k) => k.startsWith("__reactProps$"));
  });
  await button.click();
  await page.waitForFunction(() => document.querySelector(".fixture-counter__value")?.textContent === "Operations: 5");
  await button.click();
  await page.waitForFunction(() => document.querySelector(".fixture-counter__value")?.textContent === "Operations: 7");
  const chunks = scripts.filter((s) => s.startsWith("/assets/components/"));
  assert.ok(chunks.some((s) => /\/Counter-[\w-]+\.js$/.test(s)), `the counter's chunk was not loaded: ${scripts}`);
  assert.ok(!chunks.some((s) => /\/(Badge|StaticNote)-/.test(s)), `static components loaded code: ${chunks}`);
  assert.deepEqual(errors, []); // a hydration mismatch would be logged
  await context.close();
});

for (const [what, route] of [
  ["a page without components", PLAIN_PAGE],
  ["a page with only static components", STATIC_PAGE],
]) {
  test(`${what} loads no island code`, async () => {
    const { page, errors, context } = await openPage(browser);
    const scripts = recordScripts(page);
    await page.goto(server.url + route);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    assert.ok(scripts.some((s) => /\/enhance-[\w-]+\.js$/.test(s)), "the enhancers did not load: the check below would prove nothing");
    assert.deepEqual(scripts.filter((s) => ISLAND_CODE.test(s)), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
