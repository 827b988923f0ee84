// The writer's loop in a real browser: `tzdocs dev` on a copy of the fixture site, edited the way a
// writer edits it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDev, launchBrowser, openPage, hydrated, FIXTURE_SITE } from "./harness.mjs";

const ROUTE = "/architecture";
const BANNER = ".tz-dev-error";

let work;
let dev;
let browser;
let pageFile;
let good;

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), "tzdocs-dev-e2e-"));
  const site = path.join(work, "site");
  cpSync(FIXTURE_SITE, site, { recursive: true });
  pageFile = path.join(site, "docs", "architecture.md");
  good = readFileSync(pageFile, "utf8");
  dev = await startDev(site, path.join(work, "out"));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await dev?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Opens ROUTE in a new tab (a new browser context: nothing shared with the tabs before) once hydrated. */
async function newTab() {
  const opened = await openPage(browser);
  await opened.page.goto(dev.url + ROUTE);
  await hydrated(opened.page);
  return opened;
}

test("a tab opened while a page is broken shows the build error, and fixing the page clears it", async () => {
  const first = await newTab();
  try {
    assert.equal(await first.page.locator(BANNER).count(), 0, "a banner before any error");
    writeFileSync(pageFile, good.replace("The pages in this section", "![missing](/img/not-there.png)\n\nThe pages in this section"));
    await first.page.locator(BANNER).waitFor({ timeout: 20_000 });

    // A new tab, and a reload of the first: the last good page, under the current error.
    const second = await newTab();
    try {
      await second.page.locator(BANNER).waitFor({ timeout: 10_000 });
      const text = await second.page.locator(BANNER).innerText();
      assert.match(text, /not-there\.png/);
      assert.match(text, /docs\/architecture\.md/);
      assert.match(await second.page.locator("main").innerText(), /Tezos is made of nodes/, "the last good page is not shown");
      await first.page.reload();
      await hydrated(first.page);
      await first.page.locator(BANNER).waitFor({ timeout: 10_000 });

      writeFileSync(pageFile, good);
      await second.page.locator(BANNER).waitFor({ state: "detached", timeout: 20_000 });
      await first.page.locator(BANNER).waitFor({ state: "detached", timeout: 20_000 });
    } finally {
      await second.context.close();
    }
    const third = await newTab();
    try {
      // The server's first event says how the last build went; the page marks it on <html>.
      await third.page.locator('html[data-tz-dev-build="ok"]').waitFor({ state: "attached", timeout: 10_000 });
      assert.equal(await third.page.locator(BANNER).count(), 0, "a tab opened after the fix shows a banner");
    } finally {
      await third.context.close();
    }
  } finally {
    await first.context.close();
  }
});
