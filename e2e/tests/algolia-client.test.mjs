// The official Algolia lite client, unchanged, pointed at tzdocs (serving the fixture site) through its
// hosts option: proof that the search API speaks Algolia's protocol well enough for real clients
// (DocSearch uses this one).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { liteClient } from "algoliasearch/lite";
import { algoliasearch } from "algoliasearch";
import { startServer } from "./harness.mjs";

let server;
let client;
let full; // the full algoliasearch 5 client: searchForFacetValues and the rest

before(async () => {
  server = await startServer();
  const { host, port } = new URL(server.url);
  const hosts = [{ url: `${host.split(":")[0]}:${port}/api/search`, accept: "readWrite", protocol: "http" }];
  client = liteClient("tzdocs", "public-search-key", { hosts });
  full = algoliasearch("tzdocs", "public-search-key", { hosts });
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

test("an empty query browses the first records, in a stable order", async () => {
  const ask = () => client.search({ requests: [{ indexName: "tezosdocs", query: "", hitsPerPage: 5 }] });
  const [{ results: first }, { results: again }] = [await ask(), await ask()];
  assert.ok(first[0].nbHits > 5, `empty query: ${first[0].nbHits} hits`);
  assert.equal(first[0].hits.length, 5);
  assert.deepEqual(
    again[0].hits.map((h) => h.objectID),
    first[0].hits.map((h) => h.objectID),
  );
});

test("algoliasearch 5: searchForFacetValues finds values by the start of their words", async () => {
  const res = await full.searchForFacetValues({
    indexName: "tezosdocs",
    facetName: "hierarchy.lvl1",
    searchForFacetValuesRequest: { facetQuery: "mich", maxFacetHits: 5 },
  });
  assert.ok(res.facetHits.length >= 1, JSON.stringify(res));
  const [hit] = res.facetHits;
  assert.match(hit.value, /^Michelson/);
  assert.match(hit.highlighted, /<mark>Mich<\/mark>elson/);
  assert.ok(hit.count > 0);
  await assert.rejects(
    full.searchForFacetValues({ indexName: "tezosdocs", facetName: "url", searchForFacetValuesRequest: { facetQuery: "a" } }),
    (err) => err.status === 400 && /searchable\(url\)/.test(err.message),
  );
});

test("algoliasearch 5: filters and facets narrow and count the hits", async () => {
  const { results } = await full.search({
    requests: [
      // Facets count before distinct (as on Algolia); without distinct the counts add up to nbHits.
      { indexName: "tezosdocs", query: "tez", hitsPerPage: 0, distinct: false, facets: ["type", "hierarchy.lvl0", "weight.level"] },
      { indexName: "tezosdocs", query: "tez", filters: "type:lvl1", hitsPerPage: 100, distinct: false },
      { indexName: "tezosdocs", query: "tez", filters: "type:lvl1 AND NOT language:en", hitsPerPage: 100 },
      { indexName: "tezosdocs", type: "facet", facet: "type", facetQuery: "lv" },
    ],
  });
  const [counts, titles, none, facet] = results;
  assert.equal(counts.hits.length, 0);
  assert.ok(counts.facets.type.lvl1 > 0, JSON.stringify(counts.facets));
  assert.equal(
    Object.values(counts.facets.type).reduce((a, b) => a + b, 0),
    counts.nbHits,
    "type counts add up to the hits",
  );
  assert.ok(counts.facets_stats["weight.level"].max >= counts.facets_stats["weight.level"].min);
  assert.equal(counts.exhaustiveFacetsCount, true);
  assert.equal(titles.nbHits, counts.facets.type.lvl1, "filters type:lvl1 keeps the page titles only");
  assert.ok(titles.hits.every((h) => h.type === "lvl1"));
  assert.equal(none.nbHits, 0);
  assert.ok(facet.facetHits.every((h) => h.value.startsWith("lvl")) && facet.facetHits.length > 0);
});

test("an unknown parameter gets Algolia's 400", async () => {
  await assert.rejects(
    full.search({ requests: [{ indexName: "tezosdocs", query: "tez", notAnAlgoliaParameter: true }] }),
    (err) => err.status === 400 && err.message === "Unknown parameter: notAnAlgoliaParameter",
  );
});

test("Docusaurus's search page: its helper's requests, new URL(hit.url) and summaries", async () => {
  // What theme-search-algolia's SearchPage sends through algoliasearch-helper: the query with its
  // disjunctive facets (language, docusaurus_tag) and advanced syntax, and one count-only request
  // per refined facet. It sets no attributesToSnippet: summaries come from the index settings.
  const facetFilters = [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]];
  const { results } = await client.search({
    requests: [
      {
        indexName: "tezosdocs",
        params: new URLSearchParams({
          query: "baker",
          hitsPerPage: "15",
          page: "0",
          advancedSyntax: "true",
          facets: JSON.stringify(["language", "docusaurus_tag"]),
          facetFilters: JSON.stringify(facetFilters),
          tagFilters: "",
        }).toString(),
      },
      {
        indexName: "tezosdocs",
        params: new URLSearchParams({
          query: "baker",
          hitsPerPage: "0",
          page: "0",
          advancedSyntax: "true",
          analytics: "false",
          clickAnalytics: "false",
          attributesToRetrieve: "[]",
          attributesToHighlight: "[]",
          attributesToSnippet: "[]",
          facets: "language",
          facetFilters: JSON.stringify([facetFilters[1]]),
          tagFilters: "",
        }).toString(),
      },
    ],
  });
  const [main, refinement] = results;
  assert.ok(main.hits.length > 0);
  assert.ok(main.facets.language.en >= main.nbHits, "facets count the records before distinct");
  assert.equal(refinement.hits.length, 0);
  assert.ok(refinement.facets.language.en > 0);
  let summaries = 0;
  for (const hit of main.hits) {
    // The search page's mapping of a hit, as Docusaurus writes it.
    const parsed = new URL(hit.url);
    const hierarchy = hit._highlightResult.hierarchy;
    const titles = Object.keys(hierarchy).map((key) => hierarchy[key].value);
    assert.ok(titles.length > 0 && titles.every((t) => typeof t === "string"), JSON.stringify(hierarchy));
    assert.equal(parsed.origin, "https://fixture.docs.example");
    if (hit._snippetResult?.content) summaries++;
  }
  assert.ok(summaries > 0, "no hit has a content summary");
});
