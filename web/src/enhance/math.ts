// TeX math: the build writes each formula's source into `.tz-math` (inline) or `.tz-math--display`
// elements, readable without JavaScript. On pages that have some, KaTeX and its stylesheet are
// imported lazily (their own chunks, never in the first load of other pages) and typeset them.

/** The part of the KaTeX API used here (KaTeX 0.16). */
export interface KatexApi {
  render(tex: string, element: HTMLElement, options: { displayMode: boolean; throwOnError: boolean; output: "htmlAndMathml" }): void;
}

export type KatexLoader = () => Promise<KatexApi>;

/** The real loader; the server bundle never typesets. */
export const loadKatex: KatexLoader = () =>
  import.meta.env.SSR
    ? Promise.reject(new Error("math is typeset in the browser only"))
    : Promise.all([import("katex"), import("katex/dist/katex.min.css")]).then(([m]) => m.default);

/** Typesets every `.tz-math` under root. A formula KaTeX cannot read keeps its source, marked
 *  `tz-math--failed`. Returns a function that cancels what has not run yet (the page changed). */
export function renderMath(root: HTMLElement, load: KatexLoader = loadKatex): () => void {
  const formulas = [...root.querySelectorAll<HTMLElement>(".tz-math:not([data-typeset])")];
  if (formulas.length === 0) return () => {};
  let stopped = false;
  void load().then(
    (katex) => {
      if (stopped) return;
      for (const el of formulas) {
        const tex = el.textContent ?? "";
        try {
          katex.render(tex, el, { displayMode: el.classList.contains("tz-math--display"), throwOnError: true, output: "htmlAndMathml" });
          el.dataset.typeset = "";
        } catch (err) {
          el.classList.add("tz-math--failed");
          el.title = err instanceof Error ? err.message : String(err);
        }
      }
    },
    (err: unknown) => console.warn("tzdocs: the math typesetter could not be loaded; formulas are shown as TeX", err),
  );
  return () => {
    stopped = true;
  };
}
