// Runs Lighthouse 12 (mobile, the default form factor) against a real `tzdocs serve` in Debian's
// Chromium, offline on loopback, and prints performance and accessibility scores and CLS for the
// home page and doc pages. Run from the project root after make build: node bench/lighthouse/run.mjs
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/architecture/bakers", "/tutorials/dapp/part-1"];

const data = mkdtempSync(path.join(tmpdir(), "tzdocs-lh-"));
const server = spawn(path.join(root, "bin", "tzdocs"), ["serve", "--dir", path.join(root, "dist"), "--addr", "127.0.0.1:0"], {
  env: { ...process.env, TZDOCS_DATABASE_URL: `file:${path.join(data, "db")}` },
  stdio: ["ignore", "pipe", "ignore"],
});
const base = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+)/);
    if (m) resolve(m[1]);
  });
  server.on("exit", (code) => reject(new Error(`tzdocs serve exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  console.log("page                                   perf  a11y  CLS    LCP      TBT");
  for (const p of pages) {
    const result = await lighthouse(base + p, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
    const { categories, audits } = result.lhr;
    const score = (c) => Math.round(categories[c].score * 100);
    console.log(
      `${p.padEnd(38)} ${String(score("performance")).padStart(4)}  ${String(score("accessibility")).padStart(4)}  ${audits["cumulative-layout-shift"].numericValue.toFixed(3)}  ${audits["largest-contentful-paint"].displayValue.padStart(7)}  ${audits["total-blocking-time"].displayValue}`,
    );
    for (const [id, a] of Object.entries(audits)) {
      if (a.score !== null && a.score < 1 && result.lhr.categories.accessibility.auditRefs.some((r) => r.id === id && r.weight > 0)) {
        console.log(`    accessibility: ${id}: ${a.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  rmSync(data, { recursive: true, force: true });
}
