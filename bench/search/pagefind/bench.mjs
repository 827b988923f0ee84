// Scores Pagefind on bench/search/queries.tsv over the same built pages as our engine.
//
// It indexes the <main> element of every page that our engine indexes (the pages the search
// records of dist/ name, read from their HTML files, both located by internal/output through
// bench/search/pagefind/corpus) with Pagefind's Node API, writes the generated bundle to a
// temporary folder (never into dist/), loads that bundle's pagefind.js in Node with fetch answered
// from the temporary folder, runs every query and prints hit@1, hit@5 and MRR over the first 20
// hits, counted as `go run ./bench/search` counts them.
//
//	node bench/search/pagefind/bench.mjs [-dist dist] [-queries bench/search/queries.tsv] [-v] [-no-ours]
//
// Unless -no-ours, it first runs `go run ./bench/search -rounds 1` from the repository root
// and prints our engine's quality lines, prefixed "tzdocs", for comparison.
//
// Hits: Pagefind ranks pages; each page carries sub-results, one per section that matched
// (the text above the first heading has the page's URL). The main figure lists, page after
// page in Pagefind's order, each page's matched sections, most matched words first (the
// measure Pagefind's UI uses to pick sections), duplicates removed, cut at 20: a list of
// sections like our engine's hits. An expected URL with #anchor is met only by that section,
// one without by any hit on the page, as in bench/search. Two more lines: hits as Pagefind's UI
// shows them (the page's URL, then at most 3 sections in document order) and pages alone (one
// hit per page, anchors ignored, which is kinder to Pagefind).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as pagefind from "pagefind";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../../..");

function parseArgs(argv) {
  const opts = {
    dist: path.join(repo, "dist"),
    queries: path.join(repo, "bench/search/queries.tsv"),
    verbose: false,
    ours: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-v") opts.verbose = true;
    else if (a === "-no-ours") opts.ours = false;
    else if ((a === "-dist" || a === "-queries") && i + 1 < argv.length) opts[a.slice(1)] = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${JSON.stringify(a)}; use -dist DIR, -queries FILE, -v, -no-ours`);
  }
  return opts;
}

// readQueries follows bench/search: "query<TAB>/expected/url", blank lines and # comments skipped.
function readQueries(file) {
  const out = [];
  const lines = fs.readFileSync(file, "utf8").split("\n");
  lines.forEach((raw, i) => {
    const text = raw.replace(/\r$/, "");
    if (text.trim() === "" || text.startsWith("#")) return;
    const tab = text.indexOf("\t");
    const q = tab < 0 ? "" : text.slice(0, tab);
    const want = tab < 0 ? "" : text.slice(tab + 1).trim();
    if (q.trim() === "" || !want.startsWith("/")) {
      throw new Error(`${file}:${i + 1}: want "query<TAB>/expected/url", got ${JSON.stringify(text)}`);
    }
    out.push({ text: q, want, line: i + 1 });
  });
  if (out.length === 0) throw new Error(`${file}: no queries`);
  return out;
}

// readCorpus asks internal/output, through a small Go program, for the build's records and the HTML
// file of each page they name, so this script never spells a path inside a built site.
function readCorpus(dist) {
  const res = spawnSync("go", ["run", "./bench/search/pagefind/corpus", "-dir", dist], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 28 });
  if (res.error) throw new Error(`go run ./bench/search/pagefind/corpus: ${res.error.message}`);
  if (res.status !== 0) throw new Error(res.stderr.trim());
  return JSON.parse(res.stdout);
}

// The parts of <main> that are not the page's text: breadcrumbs, tables of contents, the
// footer with its feedback form and pagination, heading anchor marks.
const excludeSelectors = [
  ".tz-breadcrumbs",
  ".tz-toc-collapsible",
  ".tz-doc__toc",
  ".tz-doc__footer",
  ".tz-pagination",
  ".tz-feedback",
  ".tz-last-updated",
  ".tz-heading__anchor",
];

async function buildIndex(pages, routes, outDir) {
  const { index, errors } = await pagefind.createIndex({ rootSelector: "main", excludeSelectors, forceLanguage: "en" });
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  let words = 0;
  for (const route of routes) {
    const file = pages[route];
    let content;
    try {
      content = fs.readFileSync(file, "utf8");
    } catch (err) {
      throw new Error(`${file}: ${err.message} (page ${route} of the search records; run make build)`);
    }
    const res = await index.addHTMLFile({ url: route, content });
    if (res.errors.length) throw new Error(`pagefind ${file}: ${res.errors.join("; ")}`);
    words += res.file.uniqueWords;
  }
  const { files, errors: ferr } = await index.getFiles();
  if (ferr?.length) throw new Error(`pagefind: ${ferr.join("; ")}`);
  for (const f of files) {
    const dest = path.join(outDir, f.path);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, f.content);
  }
  await pagefind.close();
  return words;
}

// loadSearch imports the generated pagefind.js. It fetches its index and WebAssembly relative
// to its own file: URL, which Node's fetch does not serve, so fetch answers file: URLs inside
// outDir from disk and refuses anything else.
async function loadSearch(outDir) {
  const root = path.resolve(outDir) + path.sep;
  globalThis.fetch = async (input) => {
    const u = new URL(typeof input === "string" ? input : input.url);
    if (u.protocol !== "file:") throw new Error(`pagefind bench: refusing to fetch ${u.href}`);
    u.search = "";
    const file = fileURLToPath(u);
    if (!file.startsWith(root)) throw new Error(`pagefind bench: ${file} is outside ${root}`);
    return new Response(fs.readFileSync(file));
  };
  const pf = await import(pathToFileURL(path.join(outDir, "pagefind.js")).href);
  await pf.options({ excerptLength: 15 });
  await pf.init();
  return pf;
}

// hitList returns three hit lists for a query, each cut at limit:
//   sections: each page's matched sections, most matched words first;
//   ui: what Pagefind's own UI shows with sub-results on: each page's URL, then up to 3 of its
//       other sections, those with the most matched words, in document order;
//   pages: one hit per page.
async function hitList(pf, text, limit = 20) {
  const res = await pf.search(text);
  const lists = { sections: [], ui: [], pages: [] };
  const seen = { sections: new Set(), ui: new Set(), pages: new Set() };
  const push = (name, url) => {
    if (lists[name].length < limit && !seen[name].has(url)) {
      seen[name].add(url);
      lists[name].push(url);
    }
  };
  for (const r of res.results) {
    if (Object.values(lists).every((l) => l.length >= limit)) break;
    const d = await r.data();
    push("pages", d.url);
    const subs = d.sub_results.map((s, i) => ({ url: s.url, n: s.locations.length, i }));
    const rest = subs.length && subs[0].url === d.url ? subs.slice(1) : subs;
    const best = rest.slice().sort((a, b) => b.n - a.n || a.i - b.i);
    push("ui", d.url);
    for (const s of best.slice(0, 3).sort((a, b) => a.i - b.i)) push("ui", s.url);
    const all = subs.length ? subs.slice().sort((a, b) => b.n - a.n || a.i - b.i) : [{ url: d.url }];
    for (const s of all) push("sections", s.url);
  }
  return lists;
}

function withoutAnchor(url) {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

// matches is bench/search's rule: an anchored expected URL needs that section, else any hit on
// the page counts.
function matches(hit, want) {
  return want.includes("#") ? hit === want : withoutAnchor(hit) === want;
}

function score(ranks) {
  let h1 = 0, h5 = 0, mrr = 0;
  for (const r of ranks) {
    if (r === 1) h1++;
    if (r >= 1 && r <= 5) h5++;
    if (r > 0) mrr += 1 / r;
  }
  const n = ranks.length;
  return { hit1: h1 / n, hit5: h5 / n, mrr: mrr / n };
}

function rankOf(hits, want) {
  const i = hits.findIndex((h) => matches(h, want));
  return i + 1;
}

// typed mirrors bench/search: the queries whose last word has 5 letters or more, cut 2 short.
function typed(queries) {
  const out = [];
  for (const q of queries) {
    const f = q.text.trim().split(/\s+/);
    const last = [...f[f.length - 1]];
    if (last.length < 5) continue;
    f[f.length - 1] = last.slice(0, -2).join("");
    out.push({ ...q, text: f.join(" ") });
  }
  return out;
}

// ours runs bench/search on the same queries and returns its two quality lines.
function ours(queriesFile) {
  const res = spawnSync("go", ["run", "./bench/search", "-rounds", "1", "-queries", queriesFile], { cwd: repo, encoding: "utf8" });
  if (res.error) throw new Error(`go run ./bench/search: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`go run ./bench/search failed:\n${res.stderr}`);
  return res.stdout.split("\n").filter((l) => l.startsWith("queries ") || l.startsWith("as typed"));
}

const fmt = (s) => `hit@1 ${s.hit1.toFixed(3)}  hit@5 ${s.hit5.toFixed(3)}  MRR ${s.mrr.toFixed(3)}`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const queries = readQueries(opts.queries);
  const { records, pages } = readCorpus(opts.dist);
  const known = new Set();
  for (const r of records) {
    known.add(r.url);
    known.add(r.url_without_anchor);
  }
  const bad = queries.filter((q) => !known.has(q.want));
  if (bad.length) {
    throw new Error(bad.map((q) => `${opts.queries}:${q.line}: ${q.want} is not a page or section of the site`).join("\n"));
  }
  if (opts.ours) for (const l of ours(opts.queries)) console.log(`tzdocs ${l}`);
  const routes = [...new Set(records.map((r) => r.url_without_anchor))].sort();

  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "tzdocs-pagefind-"));
  try {
    let t = performance.now();
    const words = await buildIndex(pages, routes, outDir);
    const buildMs = performance.now() - t;
    const pf = await loadSearch(outDir);

    const run = async (qs, verbose) => {
      const ranks = { ui: [], sections: [], pages: [] };
      const times = [];
      for (const q of qs) {
        const t0 = performance.now();
        const lists = await hitList(pf, q.text);
        times.push(performance.now() - t0);
        ranks.ui.push(rankOf(lists.ui, q.want));
        ranks.sections.push(rankOf(lists.sections, q.want));
        ranks.pages.push(rankOf(lists.pages, withoutAnchor(q.want)));
        const r = ranks.sections.at(-1);
        if (verbose && r !== 1) {
          console.log(`rank ${String(r).padStart(2)}  ${JSON.stringify(q.text).padEnd(45)} want ${q.want}`);
          lists.sections.slice(0, 3).forEach((h, i) => console.log(`         ${i + 1}. ${h}`));
        }
      }
      return { ui: score(ranks.ui), sections: score(ranks.sections), pages: score(ranks.pages), times };
    };

    const full = await run(queries, opts.verbose);
    const cut = await run(typed(queries), false);
    const times = full.times.slice().sort((a, b) => a - b);
    console.log(`pagefind 1.6.0: ${routes.length} pages (${words} unique words summed over pages), index build ${buildMs.toFixed(0)} ms`);
    console.log(`pagefind queries ${queries.length}  ${fmt(full.sections)}`);
    console.log(`pagefind as typed (last word short of 2 letters): queries ${cut.times.length}  ${fmt(cut.sections)}`);
    console.log(`pagefind, hits as its UI lists them (page, then up to 3 sections): ${fmt(full.ui)}`);
    console.log(`pagefind, pages only (one hit per page, anchors ignored): ${fmt(full.pages)}`);
    console.log(`pagefind search + result data in Node, p50 ${times[times.length >> 1].toFixed(2)} ms  max ${times[times.length - 1].toFixed(2)} ms`);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error("bench/search/pagefind:", err.message);
  process.exit(1);
});
