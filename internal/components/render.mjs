// Component worker: imports the site components' server bundle and renders uses sent as JSON lines
// on stdin. Protocol (one JSON object per line):
//   out (first): {"ready": true, "static": [names of the modules that export static = true]}
//   in:  {"site": {title, tagline, url, baseUrl, customFields}}     the site the shims report
//   in:  {"id": n, "component": name, "export": "default", "props": {…}, "children": html or null}
//   out: {"id": n, "html": "…", "head": ["<meta …/>"], "dropped": ["title"]}
//        or {"id": n, "error": "…", "at": "src/components/X.tsx:8:11"}
// head holds the <meta> and <link> elements the use put in @docusaurus/Head; dropped names the
// other elements it put there, which a page's head does not take from components.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [bundle, siteDir] = process.argv.slice(-2);
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
// A component's console output must not mix with the answers.
console.log = console.info = console.debug = console.warn = (...args) => process.stderr.write(args.join(" ") + "\n");

let lib;
try {
  lib = await import(pathToFileURL(bundle).href);
} catch (err) {
  out({ fatal: String(err && err.stack ? err.stack : err) });
  process.exit(1);
}
const { modules, renderToString, createElement, Children, Fragment, isValidElement } = lib;
out({ ready: true, static: Object.keys(modules).filter((n) => modules[n].static === true) });

// where finds the first frame of a stack trace in the site's own files.
function where(stack) {
  for (const line of String(stack).split("\n").slice(1)) {
    const m = /\(?((?:file:\/\/)?\/[^()]+?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!m) continue;
    const file = m[1].replace(/^file:\/\//, "");
    if (file.startsWith(siteDir + "/") && !file.includes("/node_modules/")) return `${file.slice(siteDir.length + 1)}:${m[2]}:${m[3]}`;
  }
  return "";
}

// headTags splits what a use put in <Head> into the elements the page's head takes and the names of
// the others.
function headTags(nodes) {
  const head = [];
  const dropped = [];
  const visit = (list) => {
    for (const el of Children.toArray(list)) {
      if (isValidElement(el) && el.type === Fragment) visit(el.props.children);
      else if (isValidElement(el) && (el.type === "meta" || el.type === "link")) head.push(renderToString(el));
      else dropped.push(isValidElement(el) && typeof el.type === "string" ? el.type : "text");
    }
  };
  visit(nodes);
  return { head, dropped };
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line) continue;
  const msg = JSON.parse(line);
  if (msg.site) {
    globalThis.__tzdocsSite = msg.site;
    continue;
  }
  try {
    const mod = modules[msg.component];
    const Component = mod && mod[msg.export];
    if (typeof Component !== "function" && (typeof Component !== "object" || Component === null)) {
      throw new Error(`the module has no ${msg.export === "default" ? "default export" : `export named ${msg.export}`} that is a component`);
    }
    const props = { ...msg.props };
    if (msg.children != null) props.children = createElement("div", { className: "tz-children", dangerouslySetInnerHTML: { __html: msg.children } });
    globalThis.__tzdocsHead = [];
    const html = renderToString(createElement(Component, props));
    out({ id: msg.id, html, ...headTags(globalThis.__tzdocsHead) });
  } catch (err) {
    out({ id: msg.id, error: String(err && err.message ? err.message : err), at: where(err && err.stack) });
  }
}
