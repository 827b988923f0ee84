// The maintainers' dashboard at /admin, in Chromium against a real `tzdocs serve` with a throwaway
// SQLite database: sign in with a `tzdocs admin link`, read each view of data seeded through the
// public APIs, switch the range, download a CSV table and sign out; and a reader's page loads no
// dashboard code.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { root, startServer, launchBrowser, openPage, throwawayDatabase, eventually } from "./harness.mjs";

let server;
let browser;
let database;

before(async () => {
  database = throwawayDatabase("tzdocs-e2e-dashboard-");
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  database?.restore();
});

/** Seeds, from a reader's page (same origin, as the site's own scripts post), two searches and a
 *  page vote with a comment. */
async function seed(page) {
  await page.goto(server.url + "/overview");
  const statuses = await page.evaluate(async () => {
    const post = (url, body) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
    return [
      await post("/api/search/1/indexes/tezosdocs/query", { query: "overview" }),
      await post("/api/search/1/indexes/tezosdocs/query", { query: "zzqxnothing" }),
      await post("/api/feedback", { url: "/overview", helpful: false, comment: "Out of date" }),
    ];
  });
  assert.deepEqual(statuses, [200, 200, 201], "seeding through the public APIs");
}

test("a maintainer signs in with a link, reads every view, switches the range, downloads CSV and signs out", async () => {
  const { context, page, errors } = await openPage(browser, { acceptDownloads: true });
  // The sign-in pages name no icon, so the browser asks for /favicon.ico, which the fixture lacks.
  const favicon = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.location().url.endsWith("/favicon.ico")) favicon.push(m.text());
  });
  try {
    await seed(page);
    const { stdout } = await promisify(execFile)(path.join(root, "bin", "tzdocs"), ["admin", "link", "--url", server.url, "--name", "E2E"], {
      env: process.env,
    });
    await page.goto(stdout.trim());
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(server.url + "/admin");
    // Searches reach the database through the recorder's queue: wait until the API counts them.
    await eventually("the seeded searches and vote reach the dashboard's API", async () => {
      const o = await (await context.request.get(server.url + "/api/admin/overview?days=7")).json();
      return o.search.searches >= 2 && o.pages.notHelpful >= 1;
    });
    await page.reload();
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await page.getByText("Signed in as").waitFor();

    await page.getByRole("link", { name: "Search", exact: true }).click();
    await page.getByRole("heading", { name: "Search", exact: true }).waitFor();
    const noResults = page.getByRole("table", { name: "Top queries without results" });
    await noResults.getByRole("cell", { name: "zzqxnothing" }).waitFor();

    await page.getByRole("link", { name: "Pages", exact: true }).click();
    const pages = page.getByRole("table", { name: "Votes per page, least helpful first" });
    await pages.getByRole("link", { name: "/overview" }).waitFor();
    // The page's source file, named by the site's manifest (the fixture site sets no edit URL).
    await pages.getByRole("cell", { name: "fixture-site/docs/overview/index.md" }).waitFor();
    await page.getByText("Out of date").waitFor();

    await page.getByRole("link", { name: "Ask AI", exact: true }).click();
    await page.getByRole("heading", { name: "Ask AI", exact: true }).waitFor();

    // The range: 7 days instead of the default 30.
    await page.getByRole("link", { name: "Pages", exact: true }).click();
    await page.getByRole("button", { name: "7 days" }).click();
    await page.getByText("(7 days)").waitFor();
    assert.equal(await page.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed"), "true");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV: pages" }).click()]);
    const csv = await readFile(await download.path(), "utf8");
    assert.match(
      csv,
      /^url,helpful,not_helpful,helpful_ratio,comments,source_file,edit_url\n\/overview,0,1,0\.0000,1,fixture-site\/docs\/overview\/index\.md,\n/,
    );

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/admin\/login$/);
    // The sign-in page may not fetch (its policy has no connect-src): ask with the browser's cookies.
    const after = await context.request.get(server.url + "/api/admin/overview");
    assert.equal(after.status(), 401, "the dashboard's API after sign-out");
    assert.deepEqual(
      errors.filter((e) => !favicon.includes(e)),
      [],
      "console errors (a CSP refusal would show here)",
    );
  } finally {
    await context.close();
  }
});

test("a reader's page loads no dashboard code", async () => {
  const { context, page } = await openPage(browser);
  try {
    const urls = [];
    page.on("request", (r) => urls.push(r.url()));
    await page.goto(server.url + "/overview", { waitUntil: "load" });
    assert.ok(urls.length > 1, "the page loaded its scripts");
    assert.deepEqual(
      urls.filter((u) => u.includes("/assets/admin/") || u.includes("/api/admin/")),
      [],
    );
    const status = await page.evaluate(() => fetch("/_admin.html").then((r) => r.status));
    assert.equal(status, 404, "the dashboard's document is no file of the site");
  } finally {
    await context.close();
  }
});
