// Reader-facing behaviour of the theme in a real browser (docs/behaviour.md), on the fixture site: navbar
// hiding, the mobile menu, sidebar animation, TOC, hash scrolling, progress bar, crash page, colour
// mode, storage failures and accessibility, at a desktop (1280×800) and a phone (390×844) size.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { startServer, launchBrowser, openPage, framesPassed, holdResponses, hydrated, axeViolations, FIXTURE_DIR } from "./harness.mjs";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

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

/** Opens `route` at a viewport size and waits until the app has hydrated and settled. */
async function visit(route, options = {}) {
  const { viewport = DESKTOP, ...rest } = options;
  const opened = await openPage(browser, { viewport, ...rest });
  await opened.page.goto(server.url + route);
  await hydrated(opened.page);
  return opened;
}

/** Waits until fn(arg) is true in the page, checked every frame; fails with `message` after 5 s. */
async function until(page, message, fn, arg) {
  try {
    await page.waitForFunction(fn, arg, { polling: "raf", timeout: 5000 });
  } catch (err) {
    throw new Error(`${message} (${err.message.split("\n")[0]})`);
  }
}

/** Waits until the page has stopped scrolling (the same scrollY for 5 frames in a row). */
async function scrollSettled(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = -1;
        let same = 0;
        const tick = () => {
          same = window.scrollY === last ? same + 1 : 0;
          last = window.scrollY;
          if (same >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** Resolves once the next wheel event has reached the page (set up before sending it). */
async function expectWheel(page) {
  await page.evaluate(() => {
    window.__tzWheel = new Promise((resolve) => window.addEventListener("wheel", () => resolve(), { once: true, capture: true, passive: true }));
  });
  return () => page.evaluate(() => window.__tzWheel);
}

const navbarHidden = (page) => page.locator(".tz-navbar").evaluate((el) => el.classList.contains("tz-navbar--hidden"));

/** Records window.scrollY on every animation frame until stopped; returns the samples. */
async function startScrollRecorder(page) {
  await page.evaluate(() => {
    window.__tzScrolls = [];
    const tick = () => {
      window.__tzScrolls.push(window.scrollY);
      if (window.__tzScrolls.length < 600) window.__tzScrollFrame = requestAnimationFrame(tick);
    };
    tick();
  });
  return async () =>
    page.evaluate(() => {
      cancelAnimationFrame(window.__tzScrollFrame);
      return window.__tzScrolls;
    });
}

test("desktop: the navbar hides on scroll down and shows on scroll up; the sticky sidebar follows it", async () => {
  const { page, context, errors } = await visit("/overview/glossary");
  assert.equal(await navbarHidden(page), false);
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 900);
  await page.waitForFunction(() => document.querySelector(".tz-navbar")?.classList.contains("tz-navbar--hidden"));
  // The bar and the sidebar move with a transition: wait for where they end up.
  await until(page, "the hidden bar leaves the view", () => document.querySelector(".tz-navbar").getBoundingClientRect().top < -50);
  const SIDEBAR = ".tz-doc-layout__sidebar > .tz-sidebar";
  await until(page, "the sidebar sticks to the top while the bar is hidden", (sel) => Math.abs(document.querySelector(sel).getBoundingClientRect().top) <= 1, SIDEBAR);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(() => !document.querySelector(".tz-navbar")?.classList.contains("tz-navbar--hidden"));
  await until(page, "the sidebar sits below the bar again", (sel) => Math.abs(document.querySelector(sel).getBoundingClientRect().top - 60) <= 1, SIDEBAR);
  await until(page, "the bar is back in view", () => Math.abs(document.querySelector(".tz-navbar").getBoundingClientRect().top) <= 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("desktop: a TOC link scrolls in steps to its heading, hides the navbar and gets the highlight", async () => {
  const { page, context, errors } = await visit("/overview/glossary");
  const links = page.locator(".tz-doc__toc .tz-toc__link");
  const count = await links.count();
  assert.ok(count >= 10, "the glossary has a long TOC");
  // A heading far enough down to scroll a long way, but not so near the end that it cannot reach the top.
  const link = links.nth(Math.floor(count * 0.6));
  const id = (await link.getAttribute("href")).slice(1);
  const stop = await startScrollRecorder(page);
  await link.click();
  await page.waitForFunction((hid) => Math.abs(document.getElementById(hid).getBoundingClientRect().top - 72) < 3, id);
  const samples = await stop();
  const distinct = new Set(samples.filter((y) => y > 0));
  assert.ok(distinct.size >= 5, `the scroll is animated, not a jump (${[...distinct].slice(0, 8).join(", ")})`);
  // About 15 % of the remaining distance per frame: the first steps shrink geometrically.
  const moving = samples.filter((y, i) => i === 0 || y !== samples[i - 1]);
  const goal = moving.at(-1);
  const r1 = (goal - moving[1]) / (goal - moving[0]);
  assert.ok(r1 > 0.7 && r1 < 0.95, `first step covers about 15 % (remaining ratio ${r1.toFixed(2)})`);
  assert.equal(new URL(page.url()).hash, `#${id}`);
  assert.equal(await navbarHidden(page), true, "the navbar hides after following a hash link");
  await page.waitForFunction((hid) => document.querySelector(`.tz-doc__toc a[href="#${hid}"]`)?.classList.contains("tz-toc__link--active"), id);
  // Scrolling back to the top moves the highlight to the first entry.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.querySelector(".tz-doc__toc .tz-toc__link--active") === document.querySelector(".tz-doc__toc .tz-toc__link"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("desktop: page style scroll-behavior smooth is honoured for hash links", async () => {
  const { page, context } = await visit("/overview/glossary");
  // A site stylesheet asking for smooth scrolling (a constructed one: the policy refuses <style>).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("html { scroll-behavior: smooth; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const link = page.locator(".tz-doc__toc .tz-toc__link").nth(12);
  const id = (await link.getAttribute("href")).slice(1);
  const stop = await startScrollRecorder(page);
  await link.click();
  await page.waitForFunction((hid) => Math.abs(document.getElementById(hid).getBoundingClientRect().top - 72) < 3, id);
  const samples = await stop();
  assert.ok(new Set(samples).size >= 3, "smooth scrolling passes through intermediate positions");
  await context.close();
});

test("desktop: a sidebar category animates its height when collapsed and expanded", async () => {
  const { page, context, errors } = await visit("/architecture/bakers");
  const caret = page.getByRole("button", { name: "Collapse sidebar category 'Architecture'" });
  const listId = await caret.getAttribute("aria-controls");
  const list = page.locator(`[id="${listId}"]`);
  const fullHeight = (await list.boundingBox()).height;
  // Record the list's height on every frame until it is hidden.
  await list.evaluate((el) => {
    window.__tzHeights = new Promise((resolve) => {
      const seen = [];
      const tick = () => {
        seen.push(el.getBoundingClientRect().height);
        if (el.hidden || seen.length > 600) resolve(seen);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  });
  await caret.click();
  const duration = await list.evaluate((el) => el.getAnimations().map((a) => a.effect.getTiming().duration)[0]);
  assert.ok(duration >= 150, `collapse is animated (${duration} ms)`);
  const heights = await page.evaluate(() => window.__tzHeights);
  const between = new Set(heights.filter((h) => h > 0.5 && h < fullHeight - 0.5));
  assert.ok(between.size >= 3, `the height passes through values between 0 and ${fullHeight}: ${[...between].slice(0, 6).join(", ")}`);
  await page.waitForFunction((lid) => document.getElementById(lid).hidden, listId);
  const expand = page.getByRole("button", { name: "Expand sidebar category 'Architecture'" });
  assert.equal(await expand.getAttribute("aria-expanded"), "false");
  await expand.click();
  await until(
    page,
    "the list grows back to its full height",
    ([lid, full]) => {
      const el = document.getElementById(lid);
      return !el.hidden && el.getAnimations().length === 0 && Math.abs(el.getBoundingClientRect().height - full) < 1;
    },
    [listId, fullHeight],
  );
  // The active page's own category stays expanded after client navigation into a collapsed one.
  await page.getByRole("button", { name: "Expand sidebar category 'Tokens'" }).click();
  const tokensList = await page.getByRole("button", { name: "Collapse sidebar category 'Tokens'" }).getAttribute("aria-controls");
  // Click the link once its list has finished opening (a moving link can take the click elsewhere).
  await until(
    page,
    "the Tokens list is open and still",
    (lid) => {
      const el = document.getElementById(lid);
      return el !== null && !el.hidden && el.getAnimations().length === 0;
    },
    tokensList,
  );
  await page.locator(".tz-sidebar a", { hasText: "FA2" }).first().click();
  await page.waitForURL(/\/architecture\/tokens\/FA2$/);
  assert.equal(await page.locator('.tz-sidebar a[aria-current="page"]').innerText(), "FA2");
  assert.deepEqual(errors, []);
  await context.close();
});

test("reduced motion: collapsing takes 1 ms and hash links jump", async () => {
  const { page, context } = await visit("/overview/glossary", { reducedMotion: "reduce" });
  const caret = page.getByRole("button", { name: "Collapse sidebar category 'Overview'" });
  const listId = await caret.getAttribute("aria-controls");
  await caret.click();
  const durations = await page.locator(`[id="${listId}"]`).evaluate((el) => el.getAnimations().map((a) => a.effect.getTiming().duration));
  assert.ok(durations.every((d) => d === 1), `durations ${durations}`);
  await page.waitForFunction((lid) => document.getElementById(lid).hidden, listId);
  const link = page.locator(".tz-doc__toc .tz-toc__link").nth(15);
  const id = (await link.getAttribute("href")).slice(1);
  const stop = await startScrollRecorder(page);
  await link.click();
  await page.waitForFunction((hid) => Math.abs(document.getElementById(hid).getBoundingClientRect().top - 72) < 3, id);
  const samples = [...new Set(await stop())];
  assert.ok(samples.length <= 2, `no intermediate positions under reduced motion (${samples.join(", ")})`);
  await context.close();
});

test("desktop: client navigation shows the progress bar only when the data is slow", async () => {
  const { page, context, errors } = await visit("/architecture/bakers");
  await page.evaluate(() => {
    window.__tzMarker = "kept";
    window.__tzProgressSeen = 0;
    new MutationObserver(() => {
      if (document.querySelector(".tz-progress")) window.__tzProgressSeen++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  // Fast: no bar at all.
  await page.locator(".tz-pagination__link--prev").click();
  await page.waitForURL(/\/architecture\/accounts$/);
  assert.equal(await page.evaluate(() => window.__tzProgressSeen), 0);
  // Slow (held until the bar has been checked): the bar appears after the 200 ms delay and goes when
  // the page shows. (A page that is no previous/next neighbour of the pages visited, so it was not
  // prefetched when visible.)
  const held = await holdResponses(page, "**/_data/architecture/smart-rollups.json");
  const started = Date.now();
  await page.locator(".tz-sidebar a", { hasText: "Smart rollups" }).first().click();
  await page.locator(".tz-progress[role=progressbar]").waitFor({ state: "attached", timeout: 2000 });
  assert.ok(Date.now() - started >= 150, "the bar waits for the delay");
  assert.equal(new URL(page.url()).pathname, "/architecture/accounts", "the old page stays until the data is there");
  await held.stop();
  await page.waitForURL(/\/architecture\/smart-rollups$/);
  await page.locator(".tz-progress").waitFor({ state: "detached" });
  assert.equal(await page.locator("h1").first().innerText(), "Smart rollups");
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.equal(await page.evaluate(() => window.__tzMarker), "kept", "no full page load");
  assert.deepEqual(errors, []);
  await context.close();
});

test("desktop: a page that fails to render shows the crash page, and Try again recovers", async () => {
  const { page, context, errors } = await openPage(browser, { viewport: DESKTOP });
  // Page data the app cannot render (breadcrumbs must be a list), in place before the glossary, the overview's
  // next page, can be prefetched.
  await page.route("**/_data/overview/glossary.json", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ route: "/overview/glossary", kind: "doc", title: "Glossary", description: "", toc: [], hideTableOfContents: false, breadcrumbs: null, hasMermaid: false, html: "" }),
    }),
  );
  await page.goto(server.url + "/overview/");
  await hydrated(page);
  await page.locator(".tz-sidebar a", { hasText: "Glossary" }).first().click();
  await page.getByRole("heading", { name: "This page crashed." }).waitFor();
  assert.equal(await page.locator(".tz-navbar").isVisible(), true, "the layout survives the crash");
  await page.getByText("Error details").click();
  assert.match(await page.locator(".tz-error__details pre").innerText(), /TypeError/);
  assert.ok(errors.length > 0, "the crash is logged");
  await page.unroute("**/_data/overview/glossary.json");
  await page.getByRole("button", { name: "Try again" }).click();
  await page.getByRole("heading", { level: 1, name: "Glossary" }).waitFor();
  assert.ok((await page.locator(".tz-markdown h2").count()) >= 10);
  await context.close();
});

test("a page served under another path than baseUrl shows the base URL banner", async () => {
  const opened = await openPage(browser, { viewport: DESKTOP });
  const { page, context } = opened;
  await page.route("**/overview/glossary", async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('"baseUrl":"/"', '"baseUrl":"/docs/"');
    await route.fulfill({ response: res, body });
  });
  await page.goto(server.url + "/overview/glossary");
  const banner = page.getByRole("alert").filter({ hasText: "Your Docusaurus site did not load properly" });
  await banner.waitFor();
  assert.match(await banner.innerText(), /baseUrl to \/\./);
  await context.close();
  // Served at its base URL, the site shows no banner.
  const plain = await visit("/overview/glossary");
  assert.equal(await plain.page.locator(".tz-baseurl-banner").count(), 0);
  await plain.context.close();
});

test("phone: the hamburger opens the side menu, locks the page, traps focus and closes with Escape", async () => {
  const { page, context, errors } = await visit("/architecture/bakers", { viewport: PHONE });
  assert.equal(await page.locator(".tz-navbar__items--left").isVisible(), false, "desktop items are hidden");
  assert.equal(await page.locator(".tz-doc-layout__sidebar").isVisible(), false, "the sidebar column is hidden");
  const toggle = page.getByRole("button", { name: "Toggle navigation bar" });
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(() => window.scrollY > 0);
  await scrollSettled(page);
  const y = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, -100);
  await page.waitForFunction(() => !document.querySelector(".tz-navbar")?.classList.contains("tz-navbar--hidden"));
  await toggle.focus();
  await toggle.press("Enter");
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), "hidden");
  // Scroll is locked: the wheel over the backdrop does not move the page (checked some frames after the
  // wheel event arrived; once the menu is closed, the same wheel does scroll, see below).
  await scrollSettled(page);
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(370, 600);
  const wheeled = await expectWheel(page);
  await page.mouse.wheel(0, 500);
  await wheeled();
  await framesPassed(page, 15);
  assert.equal(await page.evaluate(() => window.scrollY), before);
  assert.ok(before <= y);
  // The doc sidebar first, with the current page marked, then the main menu.
  assert.equal(await dialog.locator('.tz-sidebar a[aria-current="page"]').innerText(), "Bakers");
  await dialog.getByRole("button", { name: "← Back to main menu" }).click();
  const labels = await dialog.locator(".tz-mobile-menu__items > li").allInnerTexts();
  assert.deepEqual(labels.map((l) => l.replace(/\s*\(opens in new tab\)/, "").trim()), ["Documentation", "Tutorials", "Tools", "Terms", "Source"]);
  assert.equal(await dialog.locator(".tz-search-button").count(), 0, "no search item in the side menu (it stays in the bar)");
  // Tab never leaves the menu.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest(".tz-mobile-menu__panel")), true, `focus left the menu after ${i + 1} Tab`);
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Toggle navigation bar");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), "visible");
  // Following a link in the menu navigates and closes it.
  await toggle.click();
  await dialog.locator(".tz-sidebar a", { hasText: "Accounts" }).first().click();
  await page.waitForURL(/\/architecture\/accounts$/);
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), "visible");
  // Unlocked again: the wheel scrolls the page.
  await scrollSettled(page);
  const unlocked = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 300);
  await page.waitForFunction((from) => window.scrollY > from, unlocked);
  assert.deepEqual(errors, []);
  await context.close();
});

test("phone: the navbar hides on scroll down, shows on scroll up, and the TOC is a collapsible at the top", async () => {
  const { page, context } = await visit("/overview/glossary", { viewport: PHONE });
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 800);
  await page.waitForFunction(() => document.querySelector(".tz-navbar")?.classList.contains("tz-navbar--hidden"));
  await page.mouse.wheel(0, -200);
  await page.waitForFunction(() => !document.querySelector(".tz-navbar")?.classList.contains("tz-navbar--hidden"));
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.equal(await page.locator(".tz-doc__toc").isVisible(), false);
  const summary = page.locator(".tz-toc-collapsible__summary");
  await summary.click();
  const link = page.locator(".tz-toc-collapsible .tz-toc__link").nth(5);
  const id = (await link.getAttribute("href")).slice(1);
  await link.click();
  await page.waitForFunction((hid) => Math.abs(document.getElementById(hid).getBoundingClientRect().top - 72) < 3, id);
  assert.equal(await navbarHidden(page), true);
  await context.close();
});

test("colour mode: a choice stored in one tab applies in the other; system follows the OS", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, colorScheme: "light" });
  const one = await context.newPage();
  const two = await context.newPage();
  await one.goto(server.url + "/");
  await two.goto(server.url + "/architecture/bakers");
  await two.waitForLoadState("networkidle");
  const theme = (p) => p.evaluate(() => document.documentElement.getAttribute("data-theme"));
  const background = (p) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await theme(two), "light", "light by default");
  assert.equal(await background(two), "rgb(255, 255, 255)");
  assert.equal(await two.locator("[aria-label*='dark' i], [aria-label*='colour mode' i], [aria-label*='color mode' i]").count(), 0, "no switch shown");
  await one.evaluate(() => localStorage.setItem("theme", "dark"));
  await two.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "dark");
  assert.equal(await background(two), "rgb(15, 17, 23)");
  await one.evaluate(() => localStorage.setItem("theme", "system"));
  await two.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "light");
  await two.emulateMedia({ colorScheme: "dark" });
  await two.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "dark");
  await one.evaluate(() => localStorage.removeItem("theme"));
  await two.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "light");
  // A reload keeps a stored choice.
  await one.evaluate(() => localStorage.setItem("theme", "dark"));
  await two.reload();
  await two.waitForLoadState("networkidle");
  assert.equal(await theme(two), "dark");
  await context.close();
});

test("colour mode: a stored choice is applied before the first paint, before any app script runs", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, colorScheme: "light" });
  const page = await context.newPage();
  await page.goto(server.url + "/overview/glossary");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  // Hold back every JavaScript asset: what the reader sees now is what the HTML and the inline
  // pre-paint script produce on their own.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.url + "/architecture/bakers", { waitUntil: "commit" });
  await page.waitForSelector("h1");
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute("data-theme")), "dark");
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute("data-theme-choice")), "dark");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(15, 17, 23)", "dark before the app loaded");
  release();
  await page.waitForLoadState("networkidle");
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute("data-theme")), "dark", "hydration keeps it");
  await context.close();
});

test("storage unavailable: one console warning, and the site keeps working", async () => {
  const { page, context, errors } = await openPage(browser, { viewport: DESKTOP });
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  const warnings = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning") warnings.push(msg.text());
  });
  await page.goto(server.url + "/architecture/bakers");
  await page.waitForLoadState("networkidle");
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute("data-theme")), "light");
  await page.locator(".tz-sidebar a", { hasText: "Accusers" }).first().click();
  await page.waitForURL(/\/architecture\/accusers$/);
  await page.getByRole("button", { name: "Collapse sidebar category 'Architecture'" }).click();
  await page.evaluate(() => window.dispatchEvent(new StorageEvent("storage", { key: "theme" })));
  const storageWarnings = warnings.filter((w) => /storage/i.test(w));
  assert.equal(storageWarnings.length, 1, `expected one storage warning, got ${JSON.stringify(warnings)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("keyboard: the skip link is the first stop and moves focus to the main content", async () => {
  const { page, context } = await visit("/architecture/bakers");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
  assert.ok((await skip.boundingBox()).y >= 0, "the focused skip link is visible");
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  assert.notEqual(outline, "none", "focus is visible");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "tz-main");
  await context.close();
});

for (const [name, viewport, mode] of [
  ["desktop", DESKTOP, "light"],
  ["phone", PHONE, "light"],
  ["desktop, dark mode", DESKTOP, "dark"],
]) {
  test(`axe-core finds no serious or critical violation (${name})`, async () => {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    // The reader's stored colour mode, read before the first paint.
    await context.addInitScript((m) => localStorage.setItem("theme", m), mode);
    const page = await context.newPage();
    // One page per kind of content in light mode; in dark mode, every page of the fixture site, whose
    // contrast depends on the palette.
    const routes =
      mode === "dark"
        ? [...JSON.parse(readFileSync(path.join(FIXTURE_DIR, "_manifest.json"), "utf8")).routes, "/nope"]
        : ["/", "/architecture/accounts", "/architecture/bakers", "/developing/octez-client", "/nope"];
    for (const route of routes) {
      await page.goto(server.url + route);
      await page.waitForLoadState("networkidle");
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      const violations = await axeViolations(page);
      assert.deepEqual(violations, [], `${route}: ${violations.join("\n")}`);
    }
    await context.close();
  });
}

test("desktop: a bar whose items do not fit collapses into the menu instead of overlapping", async () => {
  const { page, context, errors } = await visit("/architecture/bakers", { viewport: { width: 1100, height: 800 } });
  const toggle = page.getByRole("button", { name: "Toggle navigation bar" });
  assert.equal(await toggle.isVisible(), false, "the items fit at the default text size");
  // A reader's larger text: the items no longer fit beside one another.
  await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
  await page.locator(".tz-navbar--crowded").waitFor();
  assert.equal(await toggle.isVisible(), true);
  assert.equal(await page.locator(".tz-navbar__items--left").isVisible(), false);
  const brand = await page.locator(".tz-navbar__brand").boundingBox();
  const search = await page.locator(".tz-navbar .tz-search-button").boundingBox();
  assert.ok(search && brand.x + brand.width <= search.x, "search stays in the bar, clear of the brand");
  await toggle.click();
  const menu = page.getByRole("dialog");
  await menu.waitFor();
  await menu.getByRole("button", { name: "← Back to main menu" }).click();
  assert.ok((await menu.locator(".tz-mobile-menu__items > li").count()) >= 3, "the items are in the menu");
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "detached" });
  // A window wide enough for the large items: the bar opens again.
  await page.setViewportSize({ width: 2600, height: 800 });
  await page.locator(".tz-navbar--crowded").waitFor({ state: "detached" });
  assert.equal(await page.locator(".tz-navbar__items--left").isVisible(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("admonitions show their kind's icon in the kind's colour", async () => {
  const { page, context, errors } = await visit("/architecture/accounts");
  const icons = await page.evaluate(() =>
    [...document.querySelectorAll(".tz-admonition")].map((el) => {
      const title = el.querySelector(".tz-admonition__title");
      const before = getComputedStyle(title, "::before");
      return { kind: el.className, mask: before.maskImage || before.webkitMaskImage, width: before.width, bg: before.backgroundColor, color: getComputedStyle(title).color };
    }),
  );
  assert.ok(icons.length >= 2, `the fixture page has admonitions: ${icons.length}`);
  for (const i of icons) {
    assert.match(i.mask, /^url\("data:image\/svg\+xml/, `${i.kind}: an icon`);
    assert.equal(i.width, "16px", `${i.kind}: icon size`);
    assert.equal(i.bg, i.color, `${i.kind}: the icon takes the title's colour`);
  }
  assert.equal(new Set(icons.map((i) => i.mask)).size, new Set(icons.map((i) => i.kind)).size, "each kind has its own icon");
  assert.deepEqual(errors, []);
  await context.close();
});
