import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./precompress";

// The maintainers' dashboard (src/admin), served at /admin behind the sign-in. It is a build of its
// own, with its own copy of React, so that it shares no chunk with the readers' app: adding it
// changes no byte a reader's page loads (decision 0012). Output: dist/admin (hashed files under
// assets/admin/ and .vite/manifest.json, which the Go build reads).
export default defineConfig({
  plugins: [react(), precompress()],
  base: "/",
  build: {
    outDir: "dist/admin",
    emptyOutDir: true,
    manifest: true,
    assetsDir: "assets/admin",
    copyPublicDir: false,
    rolldownOptions: { input: ["src/admin/main.tsx"] },
  },
});
