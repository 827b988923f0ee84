import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { loadEnhancers } from "../enhance/lazy";
import { loadIslands } from "../lib/island";
import "../theme/islands";

// findBy* and waitFor wait for a condition. The default second is too short for a streamed answer
// to finish on a machine that other builds share (2 cores under load), and waiting longer costs
// nothing when the condition holds.
configure({ asyncUtilTimeout: 4000 });

// Testing Library only cleans up by itself when test globals are enabled; they are not here.
afterEach(() => {
  cleanup();
  document.body.removeAttribute("style");
});

// The enhancers' chunk is loaded after hydration (enhance/lazy.ts). Loaded here once per test file, it
// is ready whenever a component asks for it, and no load is still running when the file's tests end.
await loadEnhancers();
// Likewise the islands' code (lib/island.tsx), which the browser loads while it hydrates.
await loadIslands({ all: true });
