// The official Algolia lite client, unchanged, pointed at tzdocs (serving the fixture site) through its
// hosts option: proof that the search API speaks Algolia's protocol well enough for real clients
// (DocSearch uses this one).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { liteClient } from "algoliasearch/lite";
import { startServer } from "./harness.mjs";

let server;
let client;

before(async () => {
  server = await startServer();
  const { host, port } = new URL(server.url);
  client = liteClient("tzdocs", "public-search-key", {
    hosts: [{ url: `${host.split(":")[0]}:${port}/api/search`, accept: "readWrite", protocol: "http" }],
  });
});

after(async () => {
  await server?.stop();
});

test("multi-index search returns DocSearch hits with highlights and snippets", async () => {
  const { results } = await client.search({
    requests: [
      {
        indexName: "tezosdocs",
        query: "bakers",
        hitsPerPage: 5,
        attributesToRetrieve: ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "content", "type", "url"],
        attributesToSnippet: ["content:15"],
        snippetEllipsisText: "…",
        highlightPreTag: "<mark>",
        highlightPostTag: "</mark>",
        clickAnalytics: true,
        facetFilters: [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]],
      },
      { indexName: "tezosdocs", query: "michelsn", hitsPerPage: 3 },
    ],
  });
  assert.equal(results.length, 2);
  const [bakers, typo] = results;
  assert.ok(bakers.nbHits > 0, "no hits for bakers");
  assert.equal(bakers.hits.length, 5);
  assert.equal(bakers.hits[0].url, "https://fixture.docs.example/architecture/bakers");
  assert.equal(bakers.hits[0].hierarchy.lvl0, "Architecture");
  assert.match(bakers.hits[0]._highlightResult.hierarchy.lvl1.value, /<mark>Bakers<\/mark>/);
  assert.ok(bakers.queryID, "clickAnalytics gives a queryID");
  assert.equal(bakers.index, "tezosdocs");
  assert.match(typo.hits[0].url, /^https:\/\/fixture\.docs\.example\/smart-contracts\/michelson/);
});

test("the legacy params string form is understood", async () => {
  const { results } = await client.search({
    requests: [{ indexName: "tezosdocs", params: "query=octez-client&hitsPerPage=2" }],
  });
  assert.equal(results[0].hits.length, 2);
  assert.match(results[0].hits[0].url, /^https:\/\/fixture\.docs\.example\/developing\/octez-client/);
});

test("hit URLs are absolute, as Docusaurus's search page needs", async () => {
  // Docusaurus's theme-search-algolia runs new URL(hit.url) on every hit, with no base: a relative
  // URL throws there. Every hit, of every type, must parse on its own and name the site's host.
  const { results } = await client.search({
    requests: [{ indexName: "tezosdocs", query: "tez", hitsPerPage: 50, distinct: false }],
  });
  assert.ok(results[0].hits.length > 5, "too few hits to check");
  for (const hit of results[0].hits) {
    const url = new URL(hit.url);
    assert.equal(url.origin, "https://fixture.docs.example", hit.url);
    assert.equal(new URL(hit.url_without_anchor ?? hit.url).hash, "", "url_without_anchor has no anchor");
    if (hit.anchor) assert.equal(url.hash, `#${hit.anchor}`);
  }
});

test("an empty query is an empty result, not an error", async () => {
  const { results } = await client.search({ requests: [{ indexName: "tezosdocs", query: "" }] });
  assert.equal(results[0].nbHits, 0);
});
