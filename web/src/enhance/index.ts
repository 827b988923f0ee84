// Behaviour for the static HTML the Markdown compiler emits (brief html-contract): copy buttons, tabs,
// the general feedback form's mount points, lazily rendered mermaid diagrams, lazily typeset math and lazily loaded image zoom. Call after React has committed the
// HTML (after hydration), never before: the DOM changes made here would not match the server render.

import { mountFeedbackForms } from "../feedback/mount";
import { addCopyButtons } from "./copy";
import { renderMath } from "./math";
import { renderDiagrams } from "./mermaid";
import { enhanceTabs } from "./tabs";
import { attachZoom } from "./zoom";

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
  return () => {
    for (const cleanup of cleanups.reverse()) cleanup();
  };
}
