// Mermaid diagrams: the build leaves each diagram's source in `<pre class="tz-mermaid">`, readable
// without JavaScript. On pages whose data says hasMermaid, diagrams are drawn when they come near the
// viewport and each source is replaced by its SVG, drawn again in the other palette when the colour
// mode changes.
//
// Mermaid lays a diagram out with <style> elements and style attributes, which the pages' content
// security policy refuses (style-src has no 'unsafe-inline'). So the drawing happens in a hidden,
// same-origin frame (dist/_diagram.html, served with a policy of its own that allows them and
// nothing else), and the finished SVG comes into the page with its styles applied through the CSS
// object model, which the policy does not restrict: style attributes become element.style, and
// the diagram's stylesheet a constructed stylesheet. Decision 0008 explains the choice.

import { DiagramFrameURL } from "../lib/contract";
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

/** What the diagram frame offers its page, as `window.tzDiagrams` (src/diagram-frame.ts). */
export interface DiagramFrameApi {
  render(id: string, text: string, config: MermaidConfig): Promise<string>;
}

export type MermaidLoader = () => Promise<MermaidApi>;

let frame: Promise<MermaidApi> | undefined;

/** The real loader: opens the diagram frame once per document (a failed load is tried again on the
 *  next page). The server bundle never runs effects. */
export const loadMermaid: MermaidLoader = () => {
  if (import.meta.env.SSR) return Promise.reject(new Error("diagrams render in the browser only"));
  frame ??= openDiagramFrame(document).catch((err: unknown) => {
    frame = undefined;
    throw err;
  });
  return frame;
};

/** Adds the hidden diagram frame to doc and resolves with a mermaid API that draws in it, one
 *  diagram at a time (mermaid's renderer is not re-entrant, and several parts of a page may ask). */
function openDiagramFrame(doc: Document): Promise<MermaidApi> {
  return new Promise((resolve, reject) => {
    const el = doc.createElement("iframe");
    el.className = "tz-diagram-frame";
    el.tabIndex = -1;
    el.setAttribute("aria-hidden", "true");
    el.title = "";
    el.addEventListener(
      "load",
      () => {
        const api = (el.contentWindow as (Window & { tzDiagrams?: DiagramFrameApi }) | null)?.tzDiagrams;
        if (!api) {
          el.remove();
          reject(new Error(`${DiagramFrameURL} loaded without its drawing code; rebuild the site`));
          return;
        }
        let config: MermaidConfig | undefined;
        let queue: Promise<unknown> = Promise.resolve();
        resolve({
          initialize(c) {
            config = c;
          },
          render(id, text) {
            const drawn = queue.then(async () => {
              if (!config) throw new Error("initialize must come before render");
              return { svg: await api.render(id, text, config) };
            });
            queue = drawn.catch(() => {});
            return drawn;
          },
        });
      },
      { once: true },
    );
    el.src = DiagramFrameURL;
    doc.body.append(el);
  });
}

/** The constructed stylesheet of each diagram on the page, by the id of its SVG. */
const sheets = new Map<string, CSSStyleSheet>();

/** Puts a diagram's SVG markup into figure without inline styles: its style attributes are applied
 *  as element.style and its <style> elements become one constructed stylesheet, adopted by the
 *  document, so the content security policy has nothing to refuse. */
export function placeSvg(figure: HTMLElement, svg: string): void {
  const css: string[] = [];
  const markup = svg
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (_, text: string) => {
      css.push(text);
      return "";
    })
    .replace(/<[a-zA-Z][^>]*>/g, (tag) =>
      // Whole attributes, quoted values included, so a value that mentions style= is left alone.
      tag.replace(/(\s)([^\s"'=<>/]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g, (all, space: string, name: string, value = "") =>
        name.toLowerCase() === "style" ? `${space}data-tz-style${value}` : all,
      ),
    );
  figure.innerHTML = markup;
  for (const el of figure.querySelectorAll<HTMLElement | SVGElement>("[data-tz-style]")) {
    el.style.cssText = el.getAttribute("data-tz-style") ?? "";
    el.removeAttribute("data-tz-style");
  }
  const doc = figure.ownerDocument;
  const id = figure.querySelector("svg")?.id;
  if (!id || css.length === 0 || !canAdoptSheets(doc)) return;
  const sheet = new (doc.defaultView as Window & typeof globalThis).CSSStyleSheet();
  sheet.replaceSync(css.join("\n"));
  const old = sheets.get(id);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets.filter((s) => s !== old), sheet];
  sheets.set(id, sheet);
}

/** Drops the stylesheets of diagrams no longer on the page (another page, or drawn again). */
function pruneSheets(doc: Document): void {
  if (!canAdoptSheets(doc)) return;
  const gone = new Set<CSSStyleSheet>();
  for (const [id, sheet] of sheets) {
    if (!doc.getElementById(id)) {
      gone.add(sheet);
      sheets.delete(id);
    }
  }
  if (gone.size > 0) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => !gone.has(s));
}

function canAdoptSheets(doc: Document): boolean {
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  return !!win && "adoptedStyleSheets" in doc && typeof win.CSSStyleSheet === "function" && "replaceSync" in win.CSSStyleSheet.prototype;
}

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
    pruneSheets(doc);
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
        placeSvg(figure, svg);
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
    pruneSheets(doc);
  }
}
