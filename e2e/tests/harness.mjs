// Shared set-up for the browser tests: a real `tzdocs serve` on a free loopback port, and Debian's
// Chromium driven by playwright-core (never a downloaded browser).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Starts `tzdocs serve` on 127.0.0.1 with a free port and resolves to {url, stop}. */
export async function startServer(dir = path.join(root, "dist")) {
  const bin = path.join(root, "bin", "tzdocs");
  // Each server gets its own throwaway feedback database, unless the test chose one.
  const data = mkdtempSync(path.join(tmpdir(), "tzdocs-e2e-"));
  const env = { TZDOCS_DATABASE_URL: `file:${path.join(data, "tzdocs.db")}`, ...process.env };
  const proc = spawn(bin, ["serve", "--dir", dir, "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "pipe"], env });
  let stderr = "";
  proc.stderr.on("data", (d) => {
    stderr += d;
  });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`tzdocs serve did not start in 10 s: ${stderr}`)), 10_000);
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
      reject(new Error(`tzdocs serve exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    async stop() {
      if (proc.exitCode !== null) {
        rmSync(data, { recursive: true, force: true });
        return;
      }
      proc.kill("SIGTERM");
      await once(proc, "exit");
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Launches Debian's Chromium headless. */
export async function launchBrowser() {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
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
