// Compiles every Markdown page of a Docusaurus site folder with MDX 3 and the remark plugins that
// Docusaurus 3 applies (GFM, directives for admonitions, math), and prints as JSON the pages that
// Docusaurus cannot build, with why: MDX syntax that CommonMark allows but MDX refuses (a bare `<`
// or `{`, an HTML comment, an unclosed tag), or a JSX component that Docusaurus does not provide.
//   node precheck.mjs SITE_DIR   →   [{"file": "docs/a.md", "reason": "..."}]
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { compile } from "@mdx-js/mdx";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import remarkMath from "remark-math";

// Components Docusaurus's theme maps in every MDX page (MDXComponents), besides HTML elements.
const provided = new Set(["Head", "Details", "Mermaid", "Admonition"]);

async function* walk(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (/\.mdx?$/.test(e.name)) yield p;
  }
}

const site = process.argv[2];
const problems = [];
for (const top of ["docs", "src/pages"]) {
  let files;
  try {
    files = walk(path.join(site, top));
    for await (const file of files) {
      const rel = path.relative(site, file);
      // Front matter out (its lines kept, so line numbers hold), and heading ids `{#id}` escaped
      // as Docusaurus does before MDX parses a page.
      const text = (await readFile(file, "utf8"))
        .replace(/^---\n[\s\S]*?\n---\n/, (m) => m.replace(/[^\n]/g, ""))
        .replace(/^(#{1,6} .*?)\{#([^}\s]+)\}\s*$/gm, "$1\\{#$2\\}");
      try {
        const js = String(await compile(text, { remarkPlugins: [remarkGfm, remarkDirective, remarkMath], development: false }));
        const missing = [...js.matchAll(/_missingMdxReference\("([^"]+)", true\)/g)].map((m) => m[1]).filter((n) => !provided.has(n));
        if (missing.length) problems.push({ file: rel, reason: `uses components Docusaurus does not define: ${[...new Set(missing)].join(", ")}` });
      } catch (err) {
        const where = err.place ? ` at line ${err.place.line ?? err.place.start?.line}` : "";
        problems.push({ file: rel, reason: `MDX 3 cannot parse it${where}: ${String(err.reason ?? err.message).split("\n")[0]}` });
      }
    }
  } catch (err) {
    if (err.code !== "ENOENT") throw err;
  }
}
process.stdout.write(JSON.stringify(problems) + "\n");
