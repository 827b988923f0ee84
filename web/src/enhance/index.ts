// Behaviour for the static HTML the Markdown compiler emits (brief html-contract): copy buttons, tabs,
// the general feedback form's mount points, lazily rendered mermaid diagrams, lazily typeset math and lazily loaded image zoom. Call after React has committed the
// HTML (after hydration), never before: the DOM changes made here would not match the server render.

import { mountFeedbackForms } from "../feedback/mount";
import { addCopyButtons } from "./copy";
import { renderMath } from "./math";
import { renderDiagrams } from "./mermaid";
import { enhanceTabs } from "./tabs";
import { attachZoom } from "./zoom";
import { lazyChunk } from "../lib/lazyChunk";

const islands = lazyChunk(() => import("./islands"));

/** Hydrates the page's site component islands once their loader has arrived. */
function hydrateIslandsLater(root: HTMLElement): () => void {
  let undo: (() => void) | undefined;
  let cancelled = false;
  islands.load().then(
    ({ hydrateIslands }) => {
      if (!cancelled) undo = hydrateIslands(root);
    },
    (err: unknown) => console.error("tzdocs: the site components could not be loaded", err),
  );
  return () => {
    cancelled = true;
    undo?.();
  };
}

export interface EnhanceOptions {
  /** page.hasMermaid: only then is the mermaid chunk loaded. */
  hasMermaid: boolean;
}

/** Enhances one `.tz-markdown` element. Returns the cleanup to run before its HTML is replaced. */
export function enhanceMarkdown(root: HTMLElement, { hasMermaid }: EnhanceOptions): () => void {
  const cleanups = [addCopyButtons(root), enhanceTabs(root), attachZoom(root), mountFeedbackForms(root)];
  if (hasMermaid) cleanups.push(renderDiagrams(root));
  // Math is rare: the (cheap) check for a formula decides whether KaTeX is loaded.
  if (root.querySelector(".tz-math")) cleanups.push(renderMath(root));
  // Site components that hydrate: their loader is a chunk that other pages never fetch.
  if (root.querySelector("[data-tz-island]")) cleanups.push(hydrateIslandsLater(root));
  return () => {
    for (const cleanup of cleanups.reverse()) cleanup();
  };
}
