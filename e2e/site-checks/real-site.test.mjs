// Site checks: the real Tezos documentation, as `make build` writes it to dist/. These check the
// content, not the engine (the engine's browser tests are in ../tests and run on the fixture site):
// every route of routes.txt is served, and a few representative real pages hydrate without
// errors and pass axe-core. A failure here usually means a docs edit, not an engine bug.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SITE_DIR, startServer, launchBrowser, axeViolations } from "../tests/harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

let server;
let browser;

before(async () => {
  server = await startServer(SITE_DIR);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test("site check: every route of routes.txt is served with its page", async () => {
  // routes.txt lists the real site's routes, one a line (docs/behaviour.md, "Routes").
  const routes = (await readFile(path.join(here, "routes.txt"), "utf8")).split("\n").filter((l) => l.trim() !== "");
  assert.ok(routes.length > 100, `routes.txt lists ${routes.length} routes`);
  const failures = [];
  for (const route of routes) {
    const res = await fetch(server.url + route, { redirect: "manual" });
    const body = await res.text();
    if (res.status !== 200) failures.push(`${route}: status ${res.status}`);
    else if (!/^text\/html/.test(res.headers.get("content-type") ?? "")) failures.push(`${route}: ${res.headers.get("content-type")}`);
    else if (!/<h1[\s>]/.test(body)) failures.push(`${route}: no prerendered <h1>`);
  }
  assert.deepEqual(failures, []);
});

test("site check: representative real pages hydrate without errors and pass axe-core", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  for (const route of ["/", "/architecture/bakers", "/developing/octez-client/installing", "/tutorials/dapp/part-1"]) {
    await page.goto(server.url + route);
    await page.waitForLoadState("networkidle");
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], `${route}: ${violations.join("\n")}`);
    assert.deepEqual(errors, [], `${route}: console errors`);
  }
  await context.close();
});

test("site check: every route's Markdown version answers and holds the page's headings", async () => {
  const routes = (await readFile(path.join(here, "routes.txt"), "utf8")).split("\n").filter((l) => l.trim() !== "");
  // Letters and digits only: the HTML heading without its tags and entities, the Markdown as it is
  // (its prose may hold < and > of its own).
  const letters = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");
  const plain = (html) => letters(html.replace(/<[^>]*>/g, "").replace(/&[#\w]+;/g, " "));
  const failures = [];
  let checked = 0;
  for (const route of routes) {
    const res = await fetch(server.url + route, { redirect: "manual" });
    const html = await res.text();
    const link = /<([^>]+)>;\s*rel="alternate";\s*type="text\/markdown"/.exec(res.headers.get("link") ?? "");
    if (!link) {
      failures.push(`${route}: no Link to its Markdown`);
      continue;
    }
    const md = await fetch(server.url + link[1]);
    const text = await md.text();
    if (md.status !== 200 || !/^text\/markdown/.test(md.headers.get("content-type") ?? "")) {
      failures.push(`${route}: ${link[1]} answered ${md.status} ${md.headers.get("content-type")}`);
      continue;
    }
    const body = letters(text);
    // The page's own headings (h2, h3), without their anchor links.
    for (const [, inner] of html.matchAll(/<h[23] id="[^"]*">(.*?)<a class="tz-heading__anchor"/g)) {
      if (!body.includes(plain(inner))) failures.push(`${route}: ${link[1]} lacks the heading "${inner.replace(/<[^>]*>/g, "")}"`);
    }
    checked++;
  }
  assert.ok(checked > 100, `checked ${checked} pages`);
  assert.deepEqual(failures, []);
});
