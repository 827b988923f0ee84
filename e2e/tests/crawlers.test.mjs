// What crawlers read in a doc page's head, as the browser sees it under the server's content
// security policy: the JSON-LD data parses, and the policy neither blocks nor reports it (browsers
// never run a data block, so it needs no hash).
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

test("a doc page's JSON-LD parses under the content security policy", async () => {
  const { context, page, errors } = await openPage(browser);
  // Record violations from the first script on, before the page's own.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  const res = await page.goto(server.url + "/architecture/smart-rollups");
  assert.match(res.headers()["content-security-policy"] ?? "", /script-src 'self'/, "the page is served with its policy");
  await hydrated(page);
  const data = await page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => JSON.parse(s.textContent)["@graph"] ?? []),
  );
  const byType = Object.fromEntries(data.map((d) => [d["@type"], d]));
  assert.equal(byType.TechArticle?.headline, "Smart rollups");
  assert.equal(byType.TechArticle?.url, "https://fixture.docs.example/architecture/smart-rollups");
  const crumbs = byType.BreadcrumbList?.itemListElement ?? [];
  assert.equal(crumbs.at(-1)?.item, "https://fixture.docs.example/architecture/smart-rollups");
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await context.close();
});
