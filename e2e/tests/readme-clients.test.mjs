// The README's client configuration, run as written against `tzdocs serve` on the fixture site:
// algoliasearch 5, algoliasearch 4 (installed as algoliasearch-v4), DocSearch's
// transformSearchClient and search-insights. Only the host (the README's docs.example.org over
// https) is changed to the test server's, and algoliasearch 4's import to its alias's file.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root, startServer } from "./harness.mjs";

let server;
let snippet; // the README's clients: { client, client4, aa, docsearchOptions }

/** The README's JavaScript block that configures the clients. */
function readmeSnippet() {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes("transformSearchClient") && b.includes('aa("init"'));
  if (!block) throw new Error("README.md has no js block configuring algoliasearch, DocSearch and search-insights");
  return block;
}

before(async () => {
  server = await startServer();
  const host = new URL(server.url).host;
  let code = readmeSnippet();
  const rewrites = [
    // Node's ES modules need the file name of a package without an exports map; bundlers do not.
    [/import algoliasearch from "algoliasearch\/lite";/, 'import algoliasearch from "algoliasearch-v4/lite.js";'],
    [/https:\/\/docs\.example\.org/g, `http://${host}`],
    [/docs\.example\.org/g, host],
    [/protocol: "https"/g, 'protocol: "http"'],
  ];
  for (const [from, to] of rewrites) {
    assert.match(code, from, `the README's snippet no longer holds ${from}`);
    code = code.replace(from, to);
  }
  // DocSearch draws in a page; here it only hands over its options, to run transformSearchClient.
  const module = [
    'import aa from "search-insights";',
    "let docsearchOptions;",
    "const docsearch = (options) => { docsearchOptions = options; };",
    code,
    "export { client, client4, aa, docsearchOptions };",
  ].join("\n");
  // Written under e2e/ so that its imports resolve to e2e/node_modules.
  const dir = path.join(root, "e2e", "out");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "readme-clients.mjs");
  writeFileSync(file, module);
  snippet = await import(pathToFileURL(file).href);
});

after(async () => {
  await server?.stop();
});

test("README: algoliasearch 5's lite client searches tzdocs", async () => {
  const { results } = await snippet.client.search({
    requests: [{ indexName: "tezosdocs", query: "bakers", hitsPerPage: 3, clickAnalytics: true }],
  });
  assert.equal(results[0].hits.length, 3);
  assert.match(results[0].hits[0].url, /\/architecture\/bakers/);
  assert.ok(results[0].queryID);
});

test("README: algoliasearch 4's lite client searches tzdocs, with word parameters", async () => {
  const { results } = await snippet.client4.search([
    { indexName: "tezosdocs", query: "bakers", params: { hitsPerPage: 3, facets: ["type"] } },
    {
      indexName: "tezosdocs",
      query: "bakers rights",
      params: {
        ignorePlurals: ["en"],
        removeStopWords: true,
        removeWordsIfNoResults: "lastWords",
        optionalWords: ["rights"],
        alternativesAsExact: ["ignorePlurals", "singleWordSynonym"],
        advancedSyntaxFeatures: ["exactPhrase"],
        minProximity: 2,
        mode: "keywordSearch",
        semanticSearch: { eventSources: null },
      },
    },
  ]);
  const [plain, words] = results;
  assert.equal(plain.hits.length, 3);
  assert.ok(plain.facets.type.lvl1 > 0, JSON.stringify(plain.facets));
  assert.ok(words.nbHits >= plain.nbHits, "an optional word finds at least the hits of the other word");
  const index = snippet.client4.initIndex("tezosdocs");
  const titles = await index.search("bakers", { filters: "type:lvl1" });
  assert.ok(titles.hits.length > 0 && titles.hits.every((h) => h.type === "lvl1"), JSON.stringify(titles.hits));
  const facets = await index.searchForFacetValues("type", "lv");
  assert.ok(facets.facetHits.length > 0 && facets.facetHits.every((h) => h.value.startsWith("lvl")));
  await assert.rejects(index.search("bakers", { notAnAlgoliaParameter: 1 }), (err) => err.status === 400);
});

test("README: DocSearch's transformSearchClient sends DocSearch's requests to tzdocs", async () => {
  const options = snippet.docsearchOptions;
  assert.equal(options.indexName, "tezosdocs");
  // DocSearch hands transformSearchClient its own client, built for Algolia's hosts; the README's
  // function replaces its search with the client pointed at tzdocs.
  const unused = { search: () => assert.fail("the client built for Algolia's hosts was called"), appId: "x" };
  const searchClient = options.transformSearchClient(unused);
  const { results } = await searchClient.search({
    requests: [
      {
        indexName: options.indexName,
        query: "michelson",
        attributesToRetrieve: ["hierarchy.lvl0", "hierarchy.lvl1", "content", "type", "url"],
        attributesToSnippet: ["hierarchy.lvl1:10", "content:10"],
        snippetEllipsisText: "…",
        highlightPreTag: "<mark>",
        highlightPostTag: "</mark>",
        hitsPerPage: 20,
        clickAnalytics: false,
      },
    ],
  });
  assert.ok(results[0].hits.length > 0);
  assert.match(results[0].hits[0].hierarchy.lvl1, /Michelson/);
});

test("README: search-insights sends click events to tzdocs", async () => {
  const { results } = await snippet.client.search({
    requests: [{ indexName: "tezosdocs", query: "bakers", hitsPerPage: 2, clickAnalytics: true }],
  });
  const [hit] = results[0].hits;
  const sent = await snippet.aa("clickedObjectIDsAfterSearch", {
    eventName: "Hit clicked",
    index: "tezosdocs",
    queryID: results[0].queryID,
    objectIDs: [hit.objectID],
    positions: [1],
    userToken: "readme-test-user",
  });
  assert.equal(sent, true, "the insights endpoint did not answer 200");
});
