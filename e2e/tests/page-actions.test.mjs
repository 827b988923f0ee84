// The menu by a doc page's title: "Copy page" puts the page's Markdown on the clipboard, the menu
// opens and closes from the keyboard and on a click outside, and its assistant links contact no
// other site until followed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated } from "./harness.mjs";

const PAGE = "/architecture/smart-rollups";

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

test("Copy page puts the page's Markdown on the clipboard", async () => {
  const { context, page, errors } = await openPage(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const elsewhere = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(server.url)) elsewhere.push(req.url());
  });
  await page.goto(server.url + PAGE);
  await hydrated(page);
  await page.getByRole("button", { name: "Copy page" }).click();
  await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const markdown = await (await fetch(`${server.url}${PAGE}.md`)).text();
  assert.equal(copied, markdown);
  assert.match(copied, /^# Smart rollups\n/);
  assert.deepEqual(elsewhere, [], "no request left the site");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page menu works from the keyboard and closes on Escape or a click outside", async () => {
  const { context, page, errors } = await openPage(browser);
  const elsewhere = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(server.url)) elsewhere.push(req.url());
  });
  await page.goto(server.url + PAGE);
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "More page options" });
  const chatgpt = page.getByRole("link", { name: /Open in ChatGPT/ });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await chatgpt.waitFor({ state: "visible" });
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  // Tab reaches the menu's entries in order.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Copy page as Markdown");
  await page.keyboard.press("Escape");
  await chatgpt.waitFor({ state: "hidden" });
  assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, "focus returns to the menu's button");

  await toggle.click();
  await chatgpt.waitFor({ state: "visible" });
  const href = new URL(await chatgpt.getAttribute("href"));
  assert.equal(href.hostname, "chatgpt.com");
  assert.match(href.searchParams.get("q"), /https:\/\/fixture\.docs\.example\/architecture\/smart-rollups\.md/);
  assert.equal(await page.getByRole("link", { name: "View as Markdown" }).getAttribute("href"), `${PAGE}.md`);
  await page.locator("h1").click();
  await chatgpt.waitFor({ state: "hidden" });
  assert.deepEqual(elsewhere, [], "opening the menu contacted no other site");
  assert.deepEqual(errors, []);
  await context.close();
});
