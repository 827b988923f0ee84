// DocSearch 4 and 5, as a migrating Docusaurus site ships them, drive search and Ask AI against
// `tzdocs serve` from a page on another origin. Nothing of DocSearch is changed but the hosts it
// calls: Ask AI's (askai.algolia.com for DocSearch 4's token protocol, {appId}.algolia.net for
// Agent Studio, which DocSearch 5 speaks) become the tzdocs server's /api/askai, and its search
// client is the README's one, pointed at /api/search. The fixture site allows that origin.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURE_SITE, buildSite, launchBrowser, openPage, root, startServer } from "./harness.mjs";

const modules = path.join(root, "e2e", "node_modules");
const bundles = {
  4: path.join(modules, "@docsearch", "js", "dist", "umd", "index.js"),
  5: path.join(modules, "docsearch-js-v5", "dist", "umd", "index.js"),
};
const algoliasearchLite = path.join(modules, "algoliasearch", "dist", "lite", "builds", "browser.umd.js");

let tmp;
let tzdocs; // the tzdocs server
let origin; // the other site: {url, close}
let browser;

/** The DocSearch bundle with Algolia's Ask AI hosts replaced by the tzdocs server's. */
function patchedBundle(version, base) {
  let code = readFileSync(bundles[version], "utf8");
  const rewrites = [
    // DocSearch 4's Ask AI (the token protocol).
    [/https:\/\/askai\.algolia\.com\/chat/g, `${base}/api/askai/chat`],
    // Agent Studio, whose host is made of the application id: "https://".concat(appId, ".algolia.net/agent-studio/1")
    // in DocSearch 4, a template literal in DocSearch 5.
    [/"https:\/\/"\.concat\(\w+,\s*"\.algolia\.net\/agent-studio\/1"\)/g, JSON.stringify(`${base}/api/askai/agent-studio/1`)],
    [/`https:\/\/\$\{\w+\}\.algolia\.net\/agent-studio\/1`/g, JSON.stringify(`${base}/api/askai/agent-studio/1`)],
  ];
  for (const [from, to] of rewrites) code = code.replace(from, to);
  assert.ok(code.includes(`${base}/api/askai/agent-studio/1`), `DocSearch ${version}: the Agent Studio host was not found to replace`);
  return code;
}

/** The other site's page: DocSearch with the README's search client and Ask AI configured. */
function pageHTML(version, base, agentStudio) {
  const host = new URL(base).host;
  const askAi =
    version === 5 || agentStudio
      ? `{ agentId: "tezosdocs", assistantId: "tezosdocs", suggestedQuestions: true${agentStudio ? ", agentStudio: true" : ""} }`
      : `{ assistantId: "tezosdocs", suggestedQuestions: true }`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Another site</title></head><body>
<main><h1>Another site</h1><div id="search"></div></main>
<script src="/algoliasearch-lite.js"></script>
<script src="/docsearch-${version}.js"></script>
<script>
  const client = window["algoliasearch/lite"].liteClient("tzdocs", "public", {
    hosts: [{ url: ${JSON.stringify(host + "/api/search")}, accept: "readWrite", protocol: "http" }],
  });
  docsearch({
    container: "#search", appId: "tzdocs", apiKey: "public", ${version === 5 ? 'indices: ["tezosdocs"]' : 'indexName: "tezosdocs"'},
    askAi: ${askAi},
    transformSearchClient: (searchClient) => ({ ...searchClient, search: (...args) => client.search(...args) }),
  });
  window.docsearchReady = true;
</script></body></html>`;
}

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "tzdocs-docsearch-"));
  // The other site listens first, so the fixture can be built allowing its origin.
  let base = "";
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const m = url.pathname.match(/^\/docsearch-(4|5)\.js$/);
    if (m) {
      res.writeHead(200, { "content-type": "text/javascript" }).end(patchedBundle(Number(m[1]), base));
    } else if (url.pathname === "/algoliasearch-lite.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(algoliasearchLite));
    } else if (url.pathname === "/ds.html") {
      const version = Number(url.searchParams.get("v"));
      res.writeHead(200, { "content-type": "text/html" }).end(pageHTML(version, base, url.searchParams.has("agent")));
    } else if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const otherOrigin = `http://127.0.0.1:${server.address().port}`;
  origin = { url: otherOrigin, close: () => new Promise((r) => server.close(r)) };

  const site = path.join(tmp, "site");
  cpSync(FIXTURE_SITE, site, { recursive: true });
  const config = path.join(site, "site.yaml");
  const yaml = readFileSync(config, "utf8");
  assert.match(yaml, /\n  search:\n/);
  writeFileSync(config, yaml.replace(/\n  search:\n/, `\n  search:\n    allowedOrigins: ["${otherOrigin}"]\n`));
  const out = path.join(tmp, "out");
  await buildSite(site, out);
  tzdocs = await startServer(out);
  base = tzdocs.url;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await tzdocs?.stop();
  await origin?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Opens the other site's page with DocSearch `version` and its modal. */
async function openDocSearch(version, { agentStudio = false } = {}) {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${origin.url}/ds.html?v=${version}${agentStudio ? "&agent" : ""}`);
  await page.waitForFunction(() => window.docsearchReady === true);
  await page.locator(".DocSearch-Button").click();
  await page.locator(".DocSearch-Input").waitFor();
  return { page, errors, context };
}

/** Asks `question` in DocSearch's Ask AI and waits for the answer's text. */
async function ask(page, question) {
  await page.locator(".DocSearch-Input").fill(question);
  // The first item of the results offers to ask the question to Ask AI: Enter picks it.
  await page.locator(".DocSearch-Hit").first().waitFor();
  await page.locator(".DocSearch-Input").press("Enter");
  const answer = page.locator(".DocSearch-AskAiScreen-Message--assistant").last();
  await answer.waitFor();
  await page.waitForFunction(
    () => {
      const els = document.querySelectorAll(".DocSearch-AskAiScreen-Message--assistant");
      const last = els[els.length - 1];
      return last && /rollup/i.test(last.textContent) && !document.querySelector(".DocSearch-AskAiScreen-MessageContent-Reasoning.shimmer");
    },
    null,
    { timeout: 15_000 },
  );
  return answer;
}

for (const [name, version, agentStudio] of [
  ["DocSearch 4's Ask AI (token protocol)", 4, false],
  ["DocSearch 4's Ask AI with agentStudio", 4, true],
  ["DocSearch 5's Ask AI (Agent Studio)", 5, false],
]) {
  test(`${name} searches, answers from the docs and shows the suggested questions, from another origin`, async () => {
    const { page, errors, context } = await openDocSearch(version, { agentStudio });
    try {
      // Keyword search goes through the README's client to /api/search.
      await page.locator(".DocSearch-Input").fill("smart rollup");
      await page.locator(".DocSearch-Hit").first().waitFor();
      const answer = await ask(page, "What is a smart rollup?");
      assert.match(await answer.textContent(), /rollup/i);
      // A vote on the answer reaches tzdocs' feedback endpoint, which keeps it.
      const voted = page.waitForResponse((r) => /\/api\/askai\/(chat|agent-studio\/1)\/feedback$/.test(new URL(r.url()).pathname));
      await page.locator(".DocSearch-AskAiScreen-LikeButton").first().click();
      assert.equal((await voted).status(), 200);
      // A new conversation offers the site's suggested questions, read from the suggested-questions index.
      await page.locator(".DocSearch-Menu-trigger").click();
      await page.locator(".DocSearch-Menu-item", { hasText: "Start a new conversation" }).click();
      const suggested = page.locator(".DocSearch-NewConversationScreen-SuggestedQuestion");
      await suggested.first().waitFor();
      assert.deepEqual(await suggested.allTextContents(), [
        "What is a smart rollup?",
        "How do bakers get their rights?",
        "What is the Octez client?",
      ]);
      assert.deepEqual(errors, [], "the page logged errors");
    } finally {
      await context.close();
    }
  });
}
