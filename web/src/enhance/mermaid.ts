// Mermaid diagrams: the build leaves each diagram's source in `<pre class="tz-mermaid">`, readable
// without JavaScript. On pages whose data says hasMermaid, the mermaid package is imported lazily (its
// own chunks, never in the first load of other pages) and each source is replaced by its SVG, drawn
// again in the other palette when the colour mode changes.

import { enhanceStrings } from "./strings";

export interface MermaidConfig {
  startOnLoad: boolean;
  securityLevel: "strict";
  theme: "default" | "dark";
  suppressErrorRendering: boolean;
}

/** The part of the mermaid API used here (mermaid 11). */
export interface MermaidApi {
  initialize(config: MermaidConfig): void;
  render(id: string, text: string): Promise<{ svg: string; bindFunctions?: (element: Element) => void }>;
}

export type MermaidLoader = () => Promise<MermaidApi>;

/** The real loader. The server bundle never runs effects: leaving the import out of it keeps mermaid's
 *  chunks out of dist/server. */
export const loadMermaid: MermaidLoader = () =>
  import.meta.env.SSR ? Promise.reject(new Error("diagrams render in the browser only")) : import("mermaid").then((m) => m.default);

let sequence = 0;

/** Renders every `pre.tz-mermaid` under root, one after the other (mermaid's renderer is not
 *  re-entrant). A diagram that fails keeps its source, marked `tz-mermaid--failed`, with a console
 *  warning. Returns a function that stops rendering what is left (the page changed). */
export function renderDiagrams(root: HTMLElement, load: MermaidLoader = loadMermaid): () => void {
  const doc = root.ownerDocument;
  // Where each diagram currently is in the page (first the <pre>, then its rendered <div>).
  const diagrams = [...root.querySelectorAll<HTMLElement>("pre.tz-mermaid")].map((el) => ({ el, source: el.textContent ?? "" }));
  if (diagrams.length === 0) return () => {};
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();
  let observer: MutationObserver | undefined;
  const schedule = (mermaid: MermaidApi) => {
    queue = queue.then(() => drawAll(mermaid));
  };

  const start = () => {
    void load().then(
      (mermaid) => {
        if (stopped) return;
        schedule(mermaid);
        observer = new MutationObserver(() => schedule(mermaid));
        observer.observe(doc.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
      },
      (err: unknown) => console.warn("tzdocs: the diagram renderer could not be loaded; diagrams are shown as source", err),
    );
  };
  // Mermaid is large and its rendering blocks the main thread: wait until a diagram comes near the
  // viewport, so a page whose diagrams are below the fold loads as fast as one without.
  let near: IntersectionObserver | undefined;
  const View = doc.defaultView?.IntersectionObserver;
  if (View) {
    near = new View(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near?.disconnect();
        near = undefined;
        if (!stopped) start();
      },
      { rootMargin: "600px 0px" },
    );
    for (const d of diagrams) near.observe(d.el);
  } else {
    start();
  }

  return () => {
    stopped = true;
    near?.disconnect();
    observer?.disconnect();
  };

  async function drawAll(mermaid: MermaidApi): Promise<void> {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: doc.documentElement.dataset.theme === "dark" ? "dark" : "default",
      // Keep our readable source instead of mermaid's error picture.
      suppressErrorRendering: true,
    });
    for (const [i, diagram] of diagrams.entries()) {
      if (stopped) return;
      if (!diagram.el.isConnected) continue;
      const id = `tz-mermaid-${++sequence}`;
      try {
        const { svg, bindFunctions } = await mermaid.render(id, diagram.source);
        if (stopped) return;
        if (!diagram.el.isConnected) continue;
        const figure = doc.createElement("div");
        figure.className = "tz-mermaid tz-mermaid--rendered";
        figure.innerHTML = svg;
        const graphic = figure.querySelector("svg");
        if (graphic && !graphic.hasAttribute("aria-label") && !graphic.hasAttribute("aria-labelledby")) {
          graphic.setAttribute("aria-label", enhanceStrings.mermaid.diagram);
        }
        diagram.el.replaceWith(figure);
        diagram.el = figure;
        bindFunctions?.(figure);
      } catch (err) {
        diagram.el.classList.add("tz-mermaid--failed");
        // mermaid may leave its scratch element behind when it throws.
        doc.getElementById(id)?.remove();
        doc.getElementById(`d${id}`)?.remove();
        console.warn(`tzdocs: diagram ${i + 1} on this page could not be rendered; its source is kept`, err);
      }
    }
  }
}
