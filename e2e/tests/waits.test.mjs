// The browser tests' own rule on waiting: Playwright's waitForFunction takes the Promise an async
// predicate returns for a true value and resolves at once, so such a wait never waits (it made the
// dashboard test race the search recorder on busy machines). Conditions that need an await go
// through harness.mjs's `eventually`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { root } from "./harness.mjs";

test("no browser test waits on an async predicate with waitForFunction", async () => {
  const found = [];
  for (const dir of ["e2e/tests", "e2e/site-checks"]) {
    for (const name of await readdir(path.join(root, dir))) {
      if (!name.endsWith(".mjs") || name === "waits.test.mjs") continue;
      const text = await readFile(path.join(root, dir, name), "utf8");
      for (const m of text.matchAll(/waitForFunction\(\s*async\b/g)) {
        found.push(`${dir}/${name}:${text.slice(0, m.index).split("\n").length}`);
      }
    }
  }
  assert.deepEqual(found, [], "use eventually() from harness.mjs for a condition that needs an await");
});
