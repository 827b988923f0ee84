// The floating chatbot button over every route of the real site: at each width it shows at (997,
// 1024, 1280 and 1440 px, 800 px high), at the top of each page and halfway down, how many positions
// have text, a link or a table of contents entry under the button. Prints the counts and the first
// few covered texts; exits 1 when anything is covered.
//
// Run from the project root after `make build` (and `make setup` for e2e/node_modules):
//   node bench/overlap/run.mjs [--dir dist] [--limit N]
// It serves the built site with bin/tzdocs and drives Debian's Chromium through the browser tests'
// harness. The routes are the site's own sitemap, read over HTTP.
import { parseArgs } from "node:util";
import { launchBrowser, openPage, hydrated, startServer, SITE_DIR } from "../../e2e/tests/harness.mjs";
import { OVERLAP_WIDTHS, coveredAtTopAndMiddle } from "../../e2e/tests/overlap.mjs";

const { values } = parseArgs({ options: { dir: { type: "string", default: SITE_DIR }, limit: { type: "string" } } });
const server = await startServer(values.dir);
const browser = await launchBrowser();
try {
  const sitemap = await (await fetch(server.url + "/sitemap.xml")).text();
  let routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  if (values.limit) routes = routes.slice(0, Number(values.limit));
  const started = Date.now();
  let covered = 0;
  const examples = [];
  for (const width of OVERLAP_WIDTHS) {
    const { page, context } = await openPage(browser, { viewport: { width, height: 800 } });
    let positions = 0;
    for (const route of routes) {
      await page.goto(server.url + route);
      await hydrated(page);
      const found = await coveredAtTopAndMiddle(page);
      const where = new Set(found.map((f) => f.slice(0, f.indexOf(":"))));
      positions += where.size;
      for (const f of found.slice(0, 2)) if (examples.length < 12) examples.push(`${width} px ${route} ${f}`);
    }
    covered += positions;
    console.log(`${width} px: text under the button in ${positions} of ${routes.length * 2} page positions (${routes.length} routes, top and middle)`);
    await context.close();
  }
  for (const e of examples) console.log(`  ${e}`);
  console.log(`swept ${routes.length} routes at ${OVERLAP_WIDTHS.length} widths in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = covered > 0 ? 1 : 0;
} finally {
  await browser.close();
  await server.stop();
}
