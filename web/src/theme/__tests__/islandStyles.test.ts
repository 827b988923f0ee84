/// <reference types="node" />
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// An island's server HTML is shown before its code arrives, so its styles must be in the entry
// stylesheet: islands.ts imports each island folder's styles.css. A new island whose styles are
// not imported there would show unstyled until its chunk loads; this test names the missing import.
const themeDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const source = readFileSync(resolve(themeDir, "islands.ts"), "utf8");

/** The folders islands.ts loads islands' code from, relative to theme/. */
function islandFolders(text: string): string[] {
  return [...text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? "");
}

/** The style sheets islands.ts imports, relative to theme/. */
function importedStyles(text: string): Set<string> {
  return new Set([...text.matchAll(/^import\s+"([^"]+\.css)";/gm)].map((m) => resolve(themeDir, m[1] ?? "")));
}

describe("island styles", () => {
  it("finds the islands it checks", () => {
    expect(islandFolders(source).length).toBeGreaterThan(10);
  });

  it("imports every island folder's styles.css into the entry stylesheet", () => {
    const imported = importedStyles(source);
    const missing = islandFolders(source)
      .map((folder) => resolve(themeDir, folder, "styles.css"))
      .filter((css) => existsSync(css) && !imported.has(css));
    expect(missing, "add `import \"<island folder>/styles.css\";` to web/src/theme/islands.ts").toEqual([]);
  });

  it("reports an island whose styles are not imported", () => {
    const without = source.replace(/^import "\.\/TOC\/styles\.css";\n/m, "");
    const imported = importedStyles(without);
    const missing = islandFolders(without).filter((f) => existsSync(resolve(themeDir, f, "styles.css")) && !imported.has(resolve(themeDir, f, "styles.css")));
    expect(missing).toEqual(["./TOC"]);
  });
});
