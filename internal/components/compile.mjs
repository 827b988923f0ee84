// Compiles a site's components with the web app's own Vite and React (the toolchain folder, web/):
//   <out>/server/components.mjs   one SSR bundle (React bundled) exporting the modules and a render
//   <out>/client/…                 one ES chunk per component, React taken from the page's app
// Input: the path of a JSON file, the last argument:
//   {toolchain, siteDir, shims, out, modules: {name: file}, unavailable: [{Package, Names}]}
// Output: nothing on success; errors on stderr and exit code 1.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const cfg = JSON.parse(readFileSync(process.argv[process.argv.length - 1], "utf8"));
const require = createRequire(join(cfg.toolchain, "package.json"));
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
const { build, transformWithOxc } = await load("vite");
const react = (await load("@vitejs/plugin-react")).default;

const nm = join(cfg.toolchain, "node_modules");
// Components resolve React from the toolchain, the Docusaurus modules of the shim table (Go's
// components.Shims) and clsx to our shims, and @site/ to the site folder.
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const alias = [
  { find: /^@site\//, replacement: cfg.siteDir + "/" },
  ...Object.entries(cfg.shimFiles).map(([module, file]) => ({ find: new RegExp(`^${escape(module)}$`), replacement: join(cfg.shims, file) })),
];
const reactAlias = [
  { find: /^react-dom(\/.*)?$/, replacement: join(nm, "react-dom") + "$1" },
  { find: /^react(\/.*)?$/, replacement: join(nm, "react") + "$1" },
];
const names = Object.keys(cfg.modules).sort();

// Packages components may not use compile to stubs that throw when used (the Go side warns about
// each), so only the components that call them fail, at their uses.
const stubPrefix = "\0tz-unavailable:";
const unavailable = new Map((cfg.unavailable ?? []).map((u) => [u.Package, u.Names ?? []]));
const stubs = {
  name: "tz-components-unavailable-packages",
  enforce: "pre",
  resolveId: (id) => (unavailable.has(id) ? stubPrefix + id : null),
  load(id) {
    if (!id.startsWith(stubPrefix)) return null;
    const pkg = id.slice(stubPrefix.length);
    const fail = `function fail() { throw new Error(${JSON.stringify(`package ${pkg} is not available to site components (packages of the site's package.json are not installed)`)}); }`;
    return [fail, "export default fail;", ...unavailable.get(pkg).map((n) => `export const ${n} = fail;`)].join("\n");
  },
};
// Docusaurus sites write JSX in .js files (its Babel reads every .js file as JSX): the site's own
// .js files are compiled as JSX first, as Vite does .jsx.
const jsxInJs = {
  name: "tz-components-jsx-in-js",
  enforce: "pre",
  async transform(code, id) {
    const file = id.split("?")[0];
    if (!/\.[cm]?js$/.test(file) || file.includes("/node_modules/") || file.startsWith(cfg.toolchain) || file.startsWith(cfg.shims)) return null;
    const out = await transformWithOxc(code, file, { lang: "jsx", jsx: { runtime: "automatic" }, sourcemap: true, tsconfig: false });
    return { code: out.code, map: out.map };
  },
};
const css = { modules: { generateScopedName: "tzc_[local]_[hash:base64:6]" } };
const common = {
  configFile: false,
  root: cfg.siteDir,
  logLevel: "warn",
  publicDir: false,
  // The toolchain's TypeScript settings, not the site's: a site's tsconfig.json extends packages
  // (@docusaurus/tsconfig, @tsconfig/node20) that are not installed here.
  tsconfig: join(cfg.toolchain, "tsconfig.json"),
  css,
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
};

// The server bundle: every component module, and React's server renderer.
const serverEntry = "\0tz-components-server";
await build({
  ...common,
  plugins: [
    jsxInJs,
    react(),
    stubs,
    {
      name: "tz-components-server-entry",
      resolveId: (id) => (id === serverEntry ? id : null),
      load(id) {
        if (id !== serverEntry) return null;
        const lines = names.map((n, i) => `import * as m${i} from ${JSON.stringify(cfg.modules[n])};`);
        lines.push(`export const modules = {${names.map((n, i) => `${JSON.stringify(n)}: m${i}`).join(", ")}};`);
        lines.push(`export { renderToString } from "react-dom/server";`, `export { Children, Fragment, createElement, isValidElement } from "react";`);
        return lines.join("\n");
      },
    },
  ],
  resolve: { alias: [...alias, ...reactAlias] },
  ssr: { noExternal: true },
  build: {
    ssr: true,
    outDir: join(cfg.out, "server"),
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    rolldownOptions: { input: { components: serverEntry }, output: { entryFileNames: "components.mjs", format: "es" } },
  },
});

// The client chunks: React, react-dom and the JSX runtime are the app's, handed over by the page's
// loader in globalThis.__tzdocsReact, so a component adds only its own code.
const shared = {
  react: Object.keys(require("react")),
  "react/jsx-runtime": Object.keys(require("react/jsx-runtime")),
  "react-dom": Object.keys(require("react-dom")),
};
shared["react/jsx-dev-runtime"] = shared["react/jsx-runtime"];
const hostPrefix = "\0tz-react:";
await build({
  ...common,
  plugins: [
    jsxInJs,
    react(),
    stubs,
    {
      name: "tz-components-shared-react",
      enforce: "pre",
      resolveId: (id) => (id in shared ? hostPrefix + id : null),
      load(id) {
        if (!id.startsWith(hostPrefix)) return null;
        const mod = id.slice(hostPrefix.length);
        const key = mod.startsWith("react-dom") ? "reactDom" : mod.startsWith("react/jsx") ? "jsxRuntime" : "react";
        const ids = shared[mod].filter((n) => n !== "default" && /^[A-Za-z_$][\w$]*$/.test(n));
        return [
          `const m = globalThis.__tzdocsReact.${key};`,
          `export default m;`,
          ...ids.map((n) => `export const ${n} = m.${n};`),
        ].join("\n");
      },
    },
  ],
  resolve: { alias },
  build: {
    outDir: join(cfg.out, "client"),
    emptyOutDir: true,
    manifest: true,
    cssCodeSplit: true,
    copyPublicDir: false,
    assetsDir: "components",
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: Object.fromEntries(names.map((n) => [n.replaceAll("/", "_"), cfg.modules[n]])),
      preserveEntrySignatures: "exports-only",
      // The shared React modules are plain reads of the app's objects: unused ones go.
      treeshake: { propertyReadSideEffects: false },
      output: {
        entryFileNames: "components/[name]-[hash].js",
        chunkFileNames: "components/[name]-[hash].js",
        assetFileNames: "components/[name]-[hash][extname]",
      },
    },
  },
});
