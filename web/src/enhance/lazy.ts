// The enhancers (copy buttons, tabs, diagrams, math, image zoom) only act once a page has hydrated, so
// their code is a chunk of its own, loaded then, and the entry chunk stays within its weight budget
// (the first-load budget of docs/behaviour.md). The chunk is fetched once and shared by every later page.

import { reloadForMissingChunk } from "../lib/chunks";
import { lazyChunk } from "../lib/lazyChunk";
import type { EnhanceOptions } from "./index";

const enhancers = lazyChunk(() => import("./index"));

/** Loads the enhancers' chunk (also called ahead by the unit tests' setup). */
export const loadEnhancers = enhancers.load;

/** Enhances one `.tz-markdown` element as soon as the enhancers' code is loaded. Returns the cleanup to
 *  run before its HTML is replaced; called before the code arrived, it makes the load a no-op. */
export function enhanceMarkdownLater(root: HTMLElement, options: EnhanceOptions): () => void {
  let undo: (() => void) | undefined;
  let cancelled = false;
  loadEnhancers().then(
    ({ enhanceMarkdown }) => {
      if (!cancelled) undo = enhanceMarkdown(root, options);
    },
    async (err: unknown) => {
      // A new build was deployed: reload once. Otherwise the page stays readable without its extras.
      if (!(await reloadForMissingChunk(err))) console.error("tzdocs: the page enhancements could not be loaded", err);
    },
  );
  return () => {
    cancelled = true;
    undo?.();
    undo = undefined;
  };
}
