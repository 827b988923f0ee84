// Browser tests for the Markdown enhancements (web/src/enhance) on the fixture site: copy buttons on code
// blocks, mermaid diagrams rendered by a lazily loaded chunk, math typeset by a lazily loaded KaTeX,
// tabs synchronised by group and remembered, and click-to-zoom images.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated, framesPassed } from "./harness.mjs";

const CODE_PAGE = "/architecture/tokens"; // code blocks, no diagram, no math
const DIAGRAM_PAGE = "/architecture/bakers"; // code blocks, math, and a sequence diagram far below the fold
const TABS_PAGE = "/developing/octez-client"; // two tab blocks of the group "os", with queryString
const IMAGE_PAGE = "/architecture/accounts"; // one content image

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

/** The diagram code: the frame's entry and mermaid's own chunks. */
const DIAGRAM_CODE = /diagram-frame|mermaid/;

/** Every script URL the page requests. */
function recordScripts(page) {
  const scripts = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  return scripts;
}

test("a code block gets a copy button that copies the code and says Copied for a while", async () => {
  const { page, errors, context } = await openPage(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const scripts = recordScripts(page);
  await page.goto(server.url + CODE_PAGE);
  const button = page.locator(".tz-code .tz-code__copy").first();
  await button.waitFor();
  assert.equal(await button.getAttribute("aria-label"), "Copy code");
  const expected = await page.locator(".tz-code").first().locator("pre code").evaluate((code) => code.textContent.replace(/\n$/, ""));
  assert.ok(expected.length > 0);
  await page.locator(".tz-code").first().hover();
  await button.click();
  await page.waitForFunction(() => document.querySelector(".tz-code__copy")?.textContent === "Copied");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected);
  // Back to "Copy" after 1500 ms.
  await page.waitForFunction(() => document.querySelector(".tz-code__copy")?.textContent === "Copy", null, { timeout: 3000 });
  await page.waitForLoadState("networkidle");
  assert.ok(!scripts.some((s) => DIAGRAM_CODE.test(s)), `a page without diagrams loaded ${scripts.filter((s) => DIAGRAM_CODE.test(s))}`);
  assert.ok(!scripts.some((s) => /katex/i.test(s)), "a page without math loaded KaTeX");
  assert.deepEqual(errors, []);
  await context.close();
});

test("math is typeset by a lazily loaded KaTeX, with its stylesheet and fonts, under the site's CSP", async () => {
  const { page, errors, context } = await openPage(browser);
  const fonts = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "font") fonts.push(res.status());
  });
  await page.goto(server.url + DIAGRAM_PAGE); // baking power as a formula
  await page.locator(".tz-math--display[data-typeset] .katex-display").waitFor({ timeout: 15_000 });
  assert.equal(await page.locator(".tz-math:not([data-typeset])").count(), 0, "every formula was typeset");
  assert.equal(await page.locator(".tz-math .katex-mathml math").count(), await page.locator(".tz-math").count(), "each formula keeps MathML");
  // The stylesheet is applied: KaTeX hides its MathML copy visually.
  const clip = await page.locator(".tz-math .katex-mathml").first().evaluate((el) => getComputedStyle(el).position);
  assert.equal(clip, "absolute");
  await page.waitForLoadState("networkidle");
  assert.ok(fonts.length > 0 && fonts.every((s) => s === 200), `KaTeX fonts: ${fonts}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a page with a diagram renders it to SVG from a lazily loaded chunk", async () => {
  const { page, errors, context } = await openPage(browser);
  const scripts = recordScripts(page);
  await page.goto(server.url + DIAGRAM_PAGE);
  await page.waitForLoadState("networkidle");
  // Mermaid loads only when a diagram comes near the viewport.
  const below = await page.evaluate(() => document.querySelector("pre.tz-mermaid").getBoundingClientRect().top > innerHeight + 600);
  assert.ok(below, "the fixture's diagram is far below the fold");
  assert.ok(!scripts.some((s) => DIAGRAM_CODE.test(s)), "mermaid loaded for a diagram far below the fold");
  await page.locator("pre.tz-mermaid").first().scrollIntoViewIfNeeded();
  await page.locator(".tz-mermaid--rendered svg").first().waitFor({ timeout: 15_000 });
  assert.equal(await page.locator("pre.tz-mermaid").count(), 0, "every diagram source was replaced");
  assert.ok(scripts.some((s) => DIAGRAM_CODE.test(s)), "the diagram code was loaded");
  const box = await page.locator(".tz-mermaid--rendered svg").first().boundingBox();
  assert.ok(box && box.width > 50 && box.height > 50, `diagram has a size: ${JSON.stringify(box)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("client-side navigation enhances the new page and renders its diagrams", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + CODE_PAGE);
  await page.locator(".tz-code__copy").first().waitFor();
  await page.evaluate(() => {
    window.__tzMarker = "kept";
  });
  await page.locator(`.tz-sidebar a[href="${DIAGRAM_PAGE}"]`).first().click();
  await page.waitForURL(server.url + DIAGRAM_PAGE);
  await page.locator("pre.tz-mermaid").first().scrollIntoViewIfNeeded();
  await page.locator(".tz-mermaid--rendered svg").first().waitFor({ timeout: 15_000 });
  assert.equal(await page.evaluate(() => window.__tzMarker), "kept", "navigation reloaded the page");
  const blocks = await page.locator(".tz-markdown .tz-code").count();
  assert.ok(blocks > 0);
  assert.equal(await page.locator(".tz-markdown .tz-code > .tz-code__copy").count(), blocks, "one copy button per block");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a diagram is drawn under the site's policy, which allows no inline style, with mermaid's styles applied", async () => {
  const { page, errors, context } = await openPage(browser);
  // Every policy violation of the page, from its first script on.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective}: ${e.sample}`));
  });
  const res = await page.goto(server.url + DIAGRAM_PAGE);
  const csp = res.headers()["content-security-policy"];
  assert.match(csp, /style-src 'self'[^;]*;/);
  assert.doesNotMatch(csp, /unsafe-inline/, "the page's policy allows inline styles");
  await page.locator("pre.tz-mermaid").first().scrollIntoViewIfNeeded();
  const svg = page.locator(".tz-mermaid--rendered svg").first();
  await svg.waitFor({ timeout: 15_000 });
  // The drawing carries no inline style markup; mermaid's stylesheet reaches it all the same: its
  // actors are filled with the default theme's colour, not SVG's black.
  assert.equal(await page.locator(".tz-mermaid--rendered style, .tz-mermaid--rendered [data-tz-style]").count(), 0);
  const fill = await page.locator(".tz-mermaid--rendered rect.actor").first().evaluate((el) => getComputedStyle(el).fill);
  assert.equal(fill, "rgb(236, 236, 255)");
  const maxWidth = await svg.evaluate((el) => el.style.maxWidth);
  assert.match(maxWidth, /^\d+(\.\d+)?px$/, "the SVG's own style attribute was applied");
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("tabs: a click switches the panel, the group follows, the URL and a reload keep the choice", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + TABS_PAGE);
  await page.waitForLoadState("networkidle");
  const blocks = page.locator(".tz-markdown .tz-tabs");
  assert.equal(await blocks.count(), 2);
  const selected = () => blocks.evaluateAll((els) => els.map((b) => b.querySelector('[role="tab"][aria-selected="true"]')?.textContent));
  const visiblePanels = () => blocks.evaluateAll((els) => els.map((b) => [...b.querySelectorAll(":scope > [role=tabpanel]")].filter((p) => !p.hidden).length));
  assert.deepEqual(await selected(), ["macOS", "macOS"], "the first tab is the default");
  assert.deepEqual(await visiblePanels(), [1, 1]);
  // A click in the first block switches both blocks of the group and writes ?os=.
  await blocks.first().getByRole("tab", { name: "Linux" }).click();
  assert.deepEqual(await selected(), ["Linux", "Linux"]);
  assert.equal(await blocks.first().getByRole("tabpanel").innerText(), "Download the static binaries from the Octez releases page and put them on your PATH.");
  assert.equal(new URL(page.url()).searchParams.get("os"), "linux");
  // Arrow keys move between tabs (automatic activation).
  await blocks.nth(1).getByRole("tab", { name: "Linux" }).focus();
  await page.keyboard.press("ArrowLeft");
  assert.deepEqual(await selected(), ["macOS", "macOS"]);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "macOS");
  await page.keyboard.press("End");
  assert.deepEqual(await selected(), ["Linux", "Linux"]);
  // A new visit without the query string restores the remembered choice…
  await page.goto(server.url + TABS_PAGE);
  await page.waitForFunction(() => document.querySelector('.tz-tabs [role="tab"][aria-selected="true"]')?.textContent === "Linux");
  // …and a link with ?os= wins over it.
  await page.goto(server.url + TABS_PAGE + "?os=macos");
  await page.waitForFunction(() => document.querySelector('.tz-tabs [role="tab"][aria-selected="true"]')?.textContent === "macOS");
  assert.deepEqual(await selected(), ["macOS", "macOS"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a content image zooms on click once zoom has loaded, and closes with Escape", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  const scripts = recordScripts(page);
  await page.goto(server.url + IMAGE_PAGE);
  await page.waitForLoadState("load");
  const img = page.locator(".tz-markdown img").first();
  // medium-zoom is a lazy chunk, attached after the page's load event and a delay.
  await page.waitForFunction(() => document.querySelector(".tz-markdown img")?.classList.contains("medium-zoom-image"), null, { timeout: 10_000 });
  assert.ok(scripts.some((s) => /medium-zoom/.test(s)), `the zoom chunk was loaded: ${scripts.join(", ")}`);
  const before = await img.boundingBox();
  await img.click();
  await page.locator(".medium-zoom-overlay").waitFor();
  await page.waitForFunction(() => document.querySelector(".medium-zoom-image--opened") !== null);
  await page.waitForFunction((w) => {
    const zoomed = document.querySelector(".medium-zoom-image--opened");
    // Zoomed in, and done moving: medium-zoom ignores Escape while it animates.
    return zoomed !== null && zoomed.getBoundingClientRect().width > w + 100 && zoomed.getAnimations().length === 0;
  }, before.width);
  await page.keyboard.press("Escape");
  await page.locator(".medium-zoom-overlay").waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link to a heading below a diagram keeps the heading in place while the diagram is drawn", async () => {
  const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + IMAGE_PAGE);
  await hydrated(page);
  // A client-side link to the heading just below the fixture's diagram.
  await page.evaluate(() => {
    const a = document.createElement("a");
    a.href = "/architecture/bakers#finality";
    a.textContent = "Finality";
    a.id = "tz-test-link";
    document.querySelector("main").prepend(a);
  });
  await page.click("#tz-test-link");
  await page.waitForURL(/\/architecture\/bakers#finality$/);
  await page.locator(".tz-mermaid--rendered svg").first().waitFor({ timeout: 15_000 });
  // Drawn: the SVG is taller than the source it replaced, above the heading.
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
  await page.waitForFunction((p) => Math.abs(document.getElementById("finality").getBoundingClientRect().top - p) < 2, padding, { timeout: 5000 });
  await framesPassed(page, 10);
  const top = await page.evaluate(() => document.getElementById("finality").getBoundingClientRect().top);
  assert.ok(Math.abs(top - padding) < 2, `the heading stays below the navbar: ${top} px from the top, want ${padding}`);
  assert.deepEqual(errors, []);
  await context.close();
});
