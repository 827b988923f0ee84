// Prerender worker: imports the app's SSR bundle and renders pages sent as JSON lines on stdin.
// Protocol (one JSON object per line):
//   in:  {"site": SiteData}                  sets the site data for the pages that follow
//   in:  {"id": n, "page": PageData}          renders a page
//   out: {"id": n, "bytes": b} followed by the page's HTML, b bytes of UTF-8 (not JSON-escaped:
//        encoding megabytes of HTML as JSON strings, and decoding them, cost more than the rest of
//        the exchange), or {"id": n, "error": "..."}
// The first line written is {"ready": true} once the bundle has loaded.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

// A worker for one build (--one-shot) renders each page once, so V8's optimising compiler spends
// more CPU compiling React's hot functions than the compiled code saves in the few hundred
// renders that follow (about 0.06 s of the worker's 0.5 s). `tzdocs dev`'s worker renders for
// hours and keeps it. A V8 that does not know the flag says so on stderr and goes on.
if (process.argv.includes("--one-shot")) setFlagsFromString("--no-turbofan");

const bundle = process.argv[process.argv.length - 1];
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

let render;
try {
  ({ render } = await import(pathToFileURL(bundle).href));
  if (typeof render !== "function") throw new Error(`${bundle} does not export a render function`);
} catch (err) {
  out({ fatal: String(err && err.stack ? err.stack : err) });
  process.exit(1);
}
out({ ready: true });

let site = null;
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line) continue;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (err) {
    out({ id: -1, error: "bad input line: " + String(err) });
    continue;
  }
  if (msg.site) {
    site = msg.site;
    continue;
  }
  try {
    const html = render({ site, page: msg.page });
    process.stdout.write(`{"id":${msg.id},"bytes":${Buffer.byteLength(html)}}\n` + html);
  } catch (err) {
    out({ id: msg.id, error: String(err && err.stack ? err.stack : err) });
  }
}
