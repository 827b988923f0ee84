// Checks that Python and SmartPy samples are valid Python syntax with Pyright's parser (a pure npm
// package, so no Python installation is needed). Type checking is switched off: only errors the
// parser and binder raise on their own (syntax errors, "return" outside a function…) are reported,
// not missing imports or types, since SmartPy is not installed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Cache, main } from './io.mjs';

const require = createRequire(import.meta.url);

const config = {
  typeCheckingMode: 'off',
  pythonVersion: '3.12',
  reportMissingImports: 'none',
  reportMissingModuleSource: 'none',
  reportUndefinedVariable: 'none',
  reportAttributeAccessIssue: 'none',
};

main(async (samples) => {
  const cache = new Cache('python', config);
  const problems = [];
  const misses = [];
  for (const s of samples) {
    const hit = cache.get(cache.key(s.code));
    if (hit) problems.push(...hit.map((p) => ({ id: s.id, ...p })));
    else misses.push(s);
  }
  if (misses.length) {
    for (const [s, list] of pyright(misses)) {
      cache.set(cache.key(s.code), list);
      problems.push(...list.map((p) => ({ id: s.id, ...p })));
    }
  }
  cache.save();
  return problems;
});

// pyright runs Pyright once over the samples and returns each sample's problems.
function pyright(samples) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tzdocs-python-'));
  try {
    const byFile = new Map();
    for (const s of samples) {
      const file = path.join(dir, `s${s.id}.py`);
      fs.writeFileSync(file, s.code);
      byFile.set(file, s);
    }
    fs.writeFileSync(path.join(dir, 'pyrightconfig.json'), JSON.stringify(config));
    const cli = require.resolve('pyright/index.js');
    const run = spawnSync(process.execPath, [cli, '--outputjson', '--project', dir, ...byFile.keys()], {
      cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20,
    });
    let out;
    try {
      out = JSON.parse(run.stdout);
    } catch {
      throw new Error(`pyright gave no JSON (exit ${run.status}): ${run.stderr || run.stdout}`);
    }
    const problems = new Map(samples.map((s) => [s, []]));
    for (const d of out.generalDiagnostics || []) {
      if (d.severity !== 'error' || d.rule) continue;
      const s = byFile.get(path.resolve(d.file));
      if (!s) throw new Error(`pyright: ${d.file}: ${d.message}`);
      problems.get(s).push({ line: d.range.start.line + 1, message: d.message.split('\n')[0] });
    }
    return problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
