// Type-checks TypeScript samples that are complete files (a title ending in .ts or .tsx) with the
// TypeScript compiler in strict mode, against the npm packages installed in this package.
//
// All samples go into ONE program, so the compiler reads the libraries' declarations once. Each
// sample lives in a virtual folder of its own inside the workspace named by its "env" ("taquito21",
// "taquito25"), so the compiler's usual module resolution finds that workspace's library versions.
// A sample that imports a sibling file ("./config") gets a copy of it beside it, taken from the
// samples of the same docs folder: the version on the same page when there is one, else the last
// one. Only each sample's own file is reported; a copy is reported where it is a sample itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cache, main } from './io.mjs';

// The compiler takes most of a second to load: it is loaded only when a sample is not in the cache.
let ts;

const here = path.dirname(fileURLToPath(import.meta.url));
const envs = new Set(['taquito21', 'taquito25']);
const virtualName = '.virtual';

const compilerOptions = () => ({
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force, // every sample is a module, even without imports
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  typeRoots: [path.join(here, 'node_modules', '@types')],
  jsx: ts.JsxEmit.ReactJSX,
  esModuleInterop: true,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
});

const debug = (msg) => process.env.TZDOCS_SAMPLES_DEBUG && process.stderr.write(`typescript: ${msg}\n`);

// norm turns a title into a relative path that stays inside the sample's folder.
function norm(title) {
  return path.posix.normalize(`/${title}`).slice(1);
}

// byFolder groups the samples: docs folder → title → [samples].
function byFolder(samples) {
  const groups = new Map();
  for (const s of samples) {
    if (!envs.has(s.env)) throw new Error(`sample ${s.page}:${s.line}: unknown env ${JSON.stringify(s.env)}`);
    const folder = path.posix.dirname(s.page);
    if (!groups.has(folder)) groups.set(folder, new Map());
    const titles = groups.get(folder);
    const t = norm(s.title);
    if (!titles.has(t)) titles.set(t, []);
    titles.get(t).push(s);
  }
  return groups;
}

// sibling is the version of a sibling file that a sample of page sees.
function sibling(versions, page) {
  const samePage = versions.filter((v) => v.page === page);
  return (samePage.length ? samePage : versions).at(-1);
}

// folderOf returns a sample's virtual folder: its own file and the siblings it imports.
function folderOf(s, titles) {
  const own = norm(s.title);
  const files = new Map([[own, s.code]]); // path in the folder → text
  const todo = [[own, s.code]];
  while (todo.length) {
    const [from, code] = todo.pop();
    for (const ref of ts.preProcessFile(code, true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(from), ref.fileName).replace(/\.js$/, '');
      const t = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((c) => titles.has(c));
      if (!t || files.has(t)) continue;
      const pick = sibling(titles.get(t), s.page);
      files.set(t, pick.code);
      todo.push([t, pick.code]);
    }
  }
  return { sample: s, own, files };
}

// compile type-checks the given sample folders in one program and returns problems by sample id.
function compile(folders) {
  const options = compilerOptions();
  const files = new Map(); // absolute virtual path → text
  const owners = new Map(); // absolute path of a sample's own file → sample
  const roots = new Set();
  for (const { sample, own, files: fs } of folders) {
    const root = path.join(here, sample.env, virtualName);
    roots.add(root);
    const dir = path.join(root, `s${sample.id}`);
    for (const [rel, text] of fs) files.set(path.join(dir, rel), text);
    owners.set(path.join(dir, own), sample);
  }
  const isVirtual = (f) => [...roots].some((r) => f === r || f.startsWith(r + path.sep));
  const virtualDirs = new Set();
  for (const f of files.keys()) {
    for (let d = path.dirname(f); isVirtual(d); d = path.dirname(d)) virtualDirs.add(d);
  }

  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  const directoryExists = host.directoryExists || (() => true);
  host.fileExists = (f) => files.has(path.resolve(f)) || (!isVirtual(path.resolve(f)) && fileExists.call(host, f));
  host.readFile = (f) => (files.has(path.resolve(f)) ? files.get(path.resolve(f)) : readFile.call(host, f));
  host.directoryExists = (d) => virtualDirs.has(path.resolve(d)) || directoryExists.call(host, d);
  host.getSourceFile = (f, lang, onError, create) => {
    const abs = path.resolve(f);
    if (files.has(abs)) return ts.createSourceFile(f, files.get(abs), lang, true);
    return getSourceFile.call(host, f, lang, onError, create);
  };

  const start = Date.now();
  const program = ts.createProgram([...owners.keys(), path.join(here, 'generated.d.ts')], options, host);
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  if (global.length) {
    throw new Error(global.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('; '));
  }
  debug(`${owners.size} samples, ${program.getSourceFiles().length} files loaded in ${Date.now() - start} ms`);
  const problems = new Map();
  for (const [file, s] of owners) {
    const list = [];
    problems.set(s.id, list);
    const sf = program.getSourceFile(file);
    if (!sf) {
      list.push({ line: 0, message: 'the compiler did not load this sample' });
      continue;
    }
    for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
      if (d.category !== ts.DiagnosticCategory.Error) continue;
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      let text = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      for (const r of roots) text = text.replaceAll(r + path.sep, '');
      list.push({ line, message: `TS${d.code}: ${text}` });
    }
  }
  debug(`checked in ${Date.now() - start} ms`);
  return problems;
}

main(async (samples) => {
  const cache = new Cache('typescript');
  const groups = byFolder(samples);
  const keys = new Map();
  const misses = [];
  const problems = [];
  for (const s of samples) {
    // The key covers every file of the docs folder the sample could import, so it is known
    // without loading the compiler.
    const titles = groups.get(path.posix.dirname(s.page));
    const visible = [...titles].map(([t, versions]) => [t, t === norm(s.title) ? s.code : sibling(versions, s.page).code]);
    const key = cache.key(s.env, norm(s.title), visible.sort());
    keys.set(s.id, key);
    const hit = cache.get(key);
    if (hit) problems.push(...hit.map((p) => ({ id: s.id, ...p })));
    else misses.push(s);
  }
  debug(`${samples.length - misses.length} of ${samples.length} samples from the cache`);
  if (misses.length) {
    ts = (await import('typescript')).default;
    const folders = misses.map((s) => folderOf(s, groups.get(path.posix.dirname(s.page))));
    for (const [id, list] of compile(folders)) {
      cache.set(keys.get(id), list);
      problems.push(...list.map((p) => ({ id, ...p })));
    }
  }
  cache.save();
  return problems;
});
