// Shared set-up for the browser tests: a real `tzdocs serve` on a free loopback port, and Debian's
// Chromium driven by playwright-core (never a downloaded browser).
//
// The engine's tests (this folder) run against the fixture site, e2e/fixture-site, which `make
// test-e2e` builds into FIXTURE_DIR; only the checks of the real documentation (e2e/site-checks) use
// the repository's dist/ (SITE_DIR).
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import path from "node:path";
import { chromium } from "playwright-core";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = path.join(root, "bin", "tzdocs");

/** The fixture site's sources, and where `make test-e2e` builds it. */
export const FIXTURE_SITE = path.join(root, "e2e", "fixture-site");
export const FIXTURE_DIR = path.join(root, "e2e", "out", "fixture");
/** The real documentation, built by `make build`. */
export const SITE_DIR = path.join(root, "dist");

/** Builds the site folder `site` into `out` with the real binary and the built web app. */
export async function buildSite(site, out) {
  const web = path.join(root, "web", "dist");
  for (const [what, p] of [
    ["bin/tzdocs", bin],
    ["the web app (web/dist)", path.join(web, "server", "entry-server.js")],
  ]) {
    if (!existsSync(p)) throw new Error(`${what} is missing (${p}): run make build first`);
  }
  try {
    await promisify(execFile)(bin, ["build", "--site", site, "--out", out, "--web", web]);
  } catch (err) {
    throw new Error(`tzdocs build --site ${site} failed: ${err.stderr || err.message}`);
  }
}

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Starts `tzdocs serve` for the built site in `dir` (default: the fixture) on 127.0.0.1 and resolves
 *  to {url, stop}. The port is a free one unless `port` is given (to serve another build at the same
 *  origin, so it sees the same browser storage). */
export async function startServer(dir = FIXTURE_DIR, { port = 0 } = {}) {
  if (!existsSync(path.join(dir, "_data", "site.json"))) {
    const how =
      dir === FIXTURE_DIR
        ? "run make test-e2e, or bin/tzdocs build --site e2e/fixture-site --out e2e/out/fixture --web web/dist"
        : "build it first (make build for dist/)";
    throw new Error(`${dir} holds no built site: ${how}`);
  }
  return spawnTzdocs(["serve", "--dir", dir, "--addr", `127.0.0.1:${port}`], "tzdocs serve");
}

/** Starts `tzdocs dev` for the site folder `site`, building into `out` with the built web app, on a
 *  free port of 127.0.0.1, and resolves to {url, stop} once it listens (after its first build). */
export async function startDev(site, out) {
  const web = path.join(root, "web", "dist");
  return spawnTzdocs(["dev", "--site", site, "--out", out, "--web", web, "--addr", "127.0.0.1:0"], "tzdocs dev", 60_000);
}

/** Runs bin/tzdocs with args until it prints the address it serves on; resolves to {url, stop}. */
async function spawnTzdocs(args, what, startTimeout = 10_000) {
  // Each server gets its own throwaway feedback database, unless the test chose one.
  const data = mkdtempSync(path.join(tmpdir(), "tzdocs-e2e-"));
  const env = { TZDOCS_DATABASE_URL: `file:${path.join(data, "tzdocs.db")}`, ...process.env };
  const proc = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], env });
  let stderr = "";
  proc.stderr.on("data", (d) => {
    stderr += d;
  });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${startTimeout / 1000} s: ${stderr}`)), startTimeout);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    /** What the program wrote to its standard error so far. */
    stderr: () => stderr,
    /** Stops the server (once; later calls do nothing) and removes its database. */
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = once(proc, "exit");
        proc.kill("SIGTERM");
        await exited;
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Points TZDOCS_DATABASE_URL (inherited by the servers and CLI runs that follow) at a fresh SQLite
 *  file in a new temporary folder; the returned restore() puts the old value back and removes it. */
export function throwawayDatabase(prefix) {
  const saved = process.env.TZDOCS_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  process.env.TZDOCS_DATABASE_URL = "file:" + path.join(dir, "feedback.db");
  return {
    restore() {
      if (saved === undefined) delete process.env.TZDOCS_DATABASE_URL;
      else process.env.TZDOCS_DATABASE_URL = saved;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Launches Debian's Chromium headless. On a machine short of resources Chromium now and then
 *  dies while starting (a SIGSEGV or "Zygote could not fork" before the first page), which says
 *  nothing of the site under test: such a launch is tried again, up to three times in all, and the
 *  last failure is thrown. A browser that started and failed later is never retried. */
export async function launchBrowser() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    } catch (err) {
      if (attempt >= 3 || !/has been closed|Zygote|SIGSEGV|SIGTRAP|exitCode=/.test(String(err?.message))) throw err;
      console.error(`Chromium died while starting (attempt ${attempt} of 3); launching it again`);
    }
  }
}

/** Opens a page that records console errors and page errors into the returned list. */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return { context, page, errors };
}

/** Resolves after the page has drawn `frames` more animation frames. For the checks that something
 *  did NOT happen (a locked page did not scroll), this waits on the page's own clock instead of a
 *  fixed delay, so a slow machine waits as many frames as a fast one. */
export async function framesPassed(page, frames = 10) {
  await page.evaluate(
    (n) =>
      new Promise((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

/** Resolves once the async `check` (run in Node, e.g. an API call through the page's context)
 *  gives true, asking again 20 ms after each answer; fails with `message` after `timeout` ms.
 *  Playwright's waitForFunction cannot do this: it takes the Promise an async predicate returns
 *  for a true value and resolves at once. */
export async function eventually(message, check, timeout = 15000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      if (await check()) return;
      last = undefined;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${message}: not true after ${timeout} ms${last ? ` (${last.message})` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the poll interval, not a wait for time to pass
  }
}

/** Holds back the responses to requests matching `pattern` until `release()` is called, so a test
 *  can look at the page while it waits for them (a slow network, with no timer). */
export async function holdResponses(page, pattern) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const handler = async (route) => {
    await released;
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  };
  await page.route(pattern, handler);
  return {
    release,
    async stop() {
      release();
      await page.unroute(pattern, handler);
    },
  };
}

/** Waits until React has hydrated the page: the navbar, the main content and the islands carry React's
 *  props on their DOM nodes, so from then on clicks go through the app (client-side navigation). Much quicker
 *  than waiting for "networkidle", which also waits for prefetches and then 500 ms of quiet. */
export async function hydrated(page) {
  await page.waitForFunction(() => {
    const isReact = (el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"));
    const shell = [".tz-navbar", "#tz-main"].every((selector) => {
      const el = document.querySelector(selector);
      return el !== null && isReact(el);
    });
    // The islands (web/src/lib/island.tsx) hydrate once their own chunk has arrived.
    const islands = [...document.querySelectorAll(
      ".tz-search-button, .tz-chatbot-button, .tz-page-actions, .tz-feedback, .tz-announcement, .tz-footer, .tz-search-page, .tz-sidebar, .tz-toc, .tz-toc-collapsible, .tz-breadcrumbs, .tz-pagination, .tz-last-updated",
    )];
    return shell && islands.every(isReact);
  });
  // Effects (scroll and keyboard listeners, enhancements) run right after that commit.
  await framesPassed(page, 2);
}

const AXE = path.join(root, "e2e", "node_modules", "axe-core", "axe.min.js");

/** Runs axe-core on the loaded page and returns its serious and critical violations, one line each. */
export async function axeViolations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
  });
}
