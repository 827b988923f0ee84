// Compiles Archetype samples to Michelson with @completium/archetype, the Archetype compiler built
// for JavaScript (no native binary). A sample must be a whole contract that compiles; the compiler's
// first error is reported with its line ("File ".", line 6, characters 4-5: Unknown …").
import { createRequire } from 'node:module';
import { Cache, main } from './io.mjs';

const require = createRequire(import.meta.url);
const archetype = require('@completium/archetype');

const located = /line (\d+), characters \d+-\d+: ([^\n]*)/;

function checkOne(code) {
  try {
    archetype.compile_from_string(code, { target: 'michelson' });
    return [];
  } catch (err) {
    const text = String((err && err.message) || err);
    const m = located.exec(text);
    if (m) return [{ line: Number(m[1]), message: `compile error: ${m[2].trim()}` }];
    return [{ line: 0, message: `compile error: ${text.split('\n')[0].trim()}` }];
  }
}

main(async (samples) => {
  const cache = new Cache('archetype', archetype.version());
  const problems = [];
  for (const s of samples) {
    const key = cache.key(s.code);
    let found = cache.get(key);
    if (!found) {
      found = checkOne(s.code);
      cache.set(key, found);
    }
    problems.push(...found.map((p) => ({ id: s.id, ...p })));
  }
  cache.save();
  return problems;
});
