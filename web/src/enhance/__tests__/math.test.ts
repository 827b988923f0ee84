import { describe, expect, it, vi } from "vitest";
import { renderMath, type KatexApi } from "../math";

/** A typesetter double that records its calls and fails on TeX containing "\bad". */
function fakeKatex(calls: { tex: string; display: boolean }[]): KatexApi {
  return {
    render(tex, element, options) {
      if (tex.includes("\\bad")) throw new Error("KaTeX parse error: Undefined control sequence: \\bad");
      calls.push({ tex, display: options.displayMode });
      element.innerHTML = `<span class="katex">${tex.length}</span>`;
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("renderMath", () => {
  it("typesets inline and display formulas, and marks the ones KaTeX rejects", async () => {
    const root = document.createElement("div");
    root.innerHTML = `<p>Cost <span class="tz-math">O(\\log n)</span>.</p><div class="tz-math tz-math--display">E = mc^2</div><p><span class="tz-math">\\bad</span></p>`;
    const calls: { tex: string; display: boolean }[] = [];
    renderMath(root, () => Promise.resolve(fakeKatex(calls)));
    await flush();
    expect(calls).toEqual([
      { tex: "O(\\log n)", display: false },
      { tex: "E = mc^2", display: true },
    ]);
    const [inline, display, bad] = [...root.querySelectorAll<HTMLElement>(".tz-math")];
    expect(inline!.dataset.typeset).toBe("");
    expect(display!.querySelector(".katex")).not.toBeNull();
    expect(bad!.classList.contains("tz-math--failed")).toBe(true);
    expect(bad!.textContent).toBe("\\bad");
  });

  it("loads nothing on a page without math, and nothing after the page changed", async () => {
    const load = vi.fn(() => Promise.resolve(fakeKatex([])));
    const empty = document.createElement("div");
    empty.innerHTML = "<p>No formulas.</p>";
    renderMath(empty, load);
    expect(load).not.toHaveBeenCalled();

    const root = document.createElement("div");
    root.innerHTML = `<span class="tz-math">x</span>`;
    const calls: { tex: string; display: boolean }[] = [];
    const stop = renderMath(root, () => Promise.resolve(fakeKatex(calls)));
    stop();
    await flush();
    expect(calls).toEqual([]);
  });
});

describe("with the real KaTeX", () => {
  it("produces KaTeX markup with MathML for screen readers", async () => {
    const katex = (await import("katex")).default;
    const root = document.createElement("div");
    root.innerHTML = `<span class="tz-math">\\frac{a}{b}</span>`;
    renderMath(root, () => Promise.resolve(katex));
    await flush();
    const el = root.querySelector<HTMLElement>(".tz-math")!;
    expect(el.querySelector(".katex")).not.toBeNull();
    expect(el.querySelector("math")).not.toBeNull();
  });
});
