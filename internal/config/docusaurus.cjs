// Evaluates a Docusaurus configuration file (docusaurus.config.js, .mjs, .cjs or .ts) the way
// Docusaurus loads it, and prints the configuration as JSON on standard output.
// Input: process.argv[1], JSON {file, typescript} (typescript: the path of a TypeScript compiler
// module, or "" when none is installed).
// Output: {config, packages} where packages lists the packages the file required, or {error}.
//
// The site's own files (the config, a sidebars file or helpers it requires) are run for real,
// ES module and TypeScript syntax compiled to CommonJS first. Packages are not installed in a site
// moved over, and their code is not ours to run: every require or import of a package is answered
// by an inert stand-in, a callable object whose every property is another stand-in. Its JSON form
// names it ({"$module": "remark-math"}), so the build can tell which plugin an option names.
"use strict";
const Module = require("node:module");
const fs = require("node:fs");
const path = require("node:path");

const input = JSON.parse(process.argv[process.argv.length - 1]);
const ts = input.typescript ? require(input.typescript) : null;
const siteDir = path.dirname(input.file);

const builtin = new Set(Module.builtinModules);
const isPackage = (request) =>
  !request.startsWith(".") && !path.isAbsolute(request) && !request.startsWith("node:") && !builtin.has(request);

const standinName = Symbol("tzdocs stand-in");
const packages = new Set();

function standin(name) {
  return new Proxy(function () {}, {
    get(_target, prop) {
      if (prop === standinName) return name;
      if (prop === "toJSON") return () => ({ $module: name });
      if (prop === Symbol.toPrimitive || prop === "toString" || prop === "valueOf") return () => name;
      // Not a promise, not an ES module namespace: await and interop helpers leave it as it is.
      if (prop === "then" || prop === "__esModule" || typeof prop === "symbol") return undefined;
      if (prop === "default") return standin(name);
      return standin(`${name}.${String(prop)}`);
    },
    apply: () => standin(name),
    construct: () => standin(name),
  });
}

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (isPackage(request)) {
    packages.add(packageName(request));
    return standin(request);
  }
  return load.call(this, request, parent, isMain);
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  // require.resolve('@docusaurus/plugin-x') names the package: keep its name.
  if (isPackage(request)) return request;
  return resolveFilename.call(this, request, ...rest);
};

function packageName(request) {
  const parts = request.split("/");
  return request.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const esSyntax = /^\s*(import\s+[\w*{$]|import\s*['"]|export\s)/m;

// compile turns a site file into CommonJS: TypeScript and ES module syntax are compiled with the
// TypeScript compiler; plain CommonJS runs as written.
function compile(source, filename) {
  const typed = /\.[mc]?tsx?$/.test(filename);
  if (!typed && !esSyntax.test(source) && !source.includes("import.meta")) return source;
  if (!ts) {
    throw new Error(
      `${path.relative(siteDir, filename)} uses ES module or TypeScript syntax, which needs the TypeScript compiler of the web toolchain: run npm ci in web/`,
    );
  }
  source = source
    .replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href")
    .replace(/\bimport\.meta\.dirname\b/g, "__dirname")
    .replace(/\bimport\.meta\.filename\b/g, "__filename");
  return ts.transpileModule(source, {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      allowJs: true,
      jsx: ts.JsxEmit.React,
    },
  }).outputText;
}

for (const ext of [".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"]) {
  Module._extensions[ext] = function (module, filename) {
    module._compile(compile(fs.readFileSync(filename, "utf8"), filename), filename);
  };
}

// plain turns the configuration into JSON-safe data: functions and regular expressions become
// markers naming them, cycles are cut.
function plain(value, seen) {
  if (value === null || value === undefined) return value;
  if (typeof value === "function" || typeof value === "object") {
    const name = value[standinName];
    if (name !== undefined) return { $module: name };
  }
  switch (typeof value) {
    case "function":
      return { $function: value.name || "anonymous" };
    case "bigint":
      return Number(value);
    case "symbol":
      return undefined;
    case "object":
      break;
    default:
      return value;
  }
  if (value instanceof RegExp) return { $regexp: value.source };
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return value.href;
  if (seen.has(value)) return { $cycle: true };
  seen.add(value);
  let out;
  if (Array.isArray(value)) {
    out = value.map((v) => plain(v, seen));
  } else {
    out = {};
    for (const key of Object.keys(value)) {
      const v = plain(value[key], seen);
      if (v !== undefined) out[key] = v;
    }
  }
  seen.delete(value);
  return out;
}

// where names the first place in a site file that an error's stack passes through.
function where(err) {
  for (const line of String(err && err.stack).split("\n")) {
    const m = /\(?((?:\/|[A-Za-z]:\\)[^():]+):(\d+):(\d+)\)?$/.exec(line.trim());
    if (m && !m[1].includes(`${path.sep}node_modules${path.sep}`) && m[1].startsWith(siteDir)) {
      return { file: m[1], line: Number(m[2]) };
    }
  }
  return {};
}

async function main() {
  const mod = require(input.file);
  let config = mod && mod.__esModule ? mod.default : mod;
  if (typeof config === "function" && config[standinName] === undefined) config = await config();
  config = await config;
  return { config: plain(config, new Set()), packages: [...packages].sort() };
}

main().then(
  (out) => process.stdout.write(JSON.stringify(out)),
  (err) => {
    process.stdout.write(JSON.stringify({ error: String((err && err.message) || err), ...where(err) }));
  },
);
