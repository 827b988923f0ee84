import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { COLOR_MODE_SCRIPT, COLOR_MODE_SCRIPT_FILE } from "./src/lib/colorModeScript";
import { EARLY_KEYS_SCRIPT, EARLY_KEYS_SCRIPT_FILE } from "./src/lib/earlyKeysScript";
import { precompress } from "./precompress";

/** Writes the pre-paint colour-mode script to dist/client/color-mode.js and the early search-shortcut
 *  catcher to dist/client/early-keys.js, byte for byte the texts Go must inline in <head> (and hash for
 *  its CSP), so the Go side never keeps its own copy. */
function colorModeScriptFile(): Plugin {
  return {
    name: "tzdocs-color-mode-script",
    apply: "build",
    generateBundle() {
      if (this.environment.config.build.ssr) return;
      this.emitFile({ type: "asset", fileName: COLOR_MODE_SCRIPT_FILE, source: COLOR_MODE_SCRIPT });
      this.emitFile({ type: "asset", fileName: EARLY_KEYS_SCRIPT_FILE, source: EARLY_KEYS_SCRIPT });
    },
  };
}

// One config for three jobs:
//   vite build                                   → dist/client (hashed assets + .vite/manifest.json for Go)
//   vite build --ssr src/entry-server.tsx …      → dist/server/entry-server.js, self-contained (React bundled)
//   vitest                                       → jsdom unit tests
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), colorModeScriptFile(), precompress()],
  base: "/",
  // The SSR bundle runs under plain Node in the Go build; bundle React into it and fix the mode, so it
  // needs nothing at run time and never ships React's development build.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: "dist/server", emptyOutDir: true, minify: false, copyPublicDir: false }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        assetsDir: "assets",
        cssCodeSplit: true,
        copyPublicDir: false,
        // Fonts stay files: the site's CSP allows fonts from 'self' only, not data: URLs (KaTeX's
        // smallest fonts would otherwise be inlined into its stylesheet).
        assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf|eot)$/.test(file) ? false : undefined),
        // The app, and the code of the frame pages draw mermaid diagrams in (src/diagram-frame.ts).
        // The maintainers' dashboard has a build of its own (vite.admin.config.ts).
        rolldownOptions: {
          input: ["src/entry-client.tsx", "src/diagram-frame.ts"],
          // React and the few small modules the entry shares with lazy chunks go in one chunk, not five:
          // each file compresses on its own, so tiny ones cost the first load more than their size.
          output: {
            codeSplitting: {
              groups: [{ name: "shared", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown(:|[\\/])runtime|preload-helper|src[\\/](lib[\\/](storage|chunks|contract)|theme[\\/]strings)\.ts/ }],
            },
          },
        },
      },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    setupFiles: ["src/test/setup.ts"],
    // Above the Testing Library waits (src/test/setup.ts), so a slow wait fails with its own message.
    testTimeout: 15_000,
  },
}));
