import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeSvg, renderDiagrams, type MermaidApi } from "../mermaid";

let root: HTMLElement;

beforeEach(() => {
  root = document.createElement("div");
  root.innerHTML = `<p>Intro</p><pre class="tz-mermaid">graph TD; A--&gt;B</pre><pre class="tz-mermaid">not a diagram</pre><pre class="tz-mermaid">sequenceDiagram
A-&gt;&gt;B: hi</pre>`;
  document.body.append(root);
});

afterEach(() => {
  root.remove();
  document.documentElement.removeAttribute("data-theme");
});

function fakeMermaid() {
  return {
    initialize: vi.fn((_config: Parameters<MermaidApi["initialize"]>[0]) => {}),
    render: vi.fn(async (id: string, text: string) => {
      if (text.startsWith("not")) throw new Error("No diagram type detected");
      return { svg: `<svg id="${id}" data-source="${text.split("\n")[0]}"><g></g></svg>`, bindFunctions: vi.fn() };
    }),
  };
}

/** Waits until fn stops throwing (the renderer works through promises). */
async function eventually(fn: () => void): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      fn();
      return;
    } catch (err) {
      if (i > 50) throw err;
      await new Promise((r) => setTimeout(r, 1));
    }
  }
}

describe("renderDiagrams", () => {
  it("replaces each source with its SVG and keeps a failing source readable", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const mermaid = fakeMermaid();
    renderDiagrams(root, () => Promise.resolve(mermaid));
    await eventually(() => expect(root.querySelectorAll(".tz-mermaid--rendered")).toHaveLength(2));
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ startOnLoad: false, securityLevel: "strict", theme: "default" }));
    expect(mermaid.render.mock.calls.map((c) => c[1])).toEqual(["graph TD; A-->B", "not a diagram", "sequenceDiagram\nA->>B: hi"]);
    const rendered = [...root.querySelectorAll(".tz-mermaid--rendered svg")].map((s) => s.getAttribute("data-source"));
    expect(rendered).toEqual(["graph TD; A-->B", "sequenceDiagram"]);
    expect(root.querySelector(".tz-mermaid--rendered svg")?.getAttribute("aria-label")).toBe("Diagram");
    const failed = root.querySelector("pre.tz-mermaid--failed");
    expect(failed?.textContent).toBe("not a diagram");
    // Order in the page is kept: rendered, failed source, rendered.
    expect([...root.querySelectorAll(".tz-mermaid")].map((e) => e.tagName)).toEqual(["DIV", "PRE", "DIV"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/diagram 2 .* could not be rendered/);
  });

  it("uses the dark theme when the page is dark", async () => {
    document.documentElement.dataset.theme = "dark";
    const mermaid = fakeMermaid();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderDiagrams(root, () => Promise.resolve(mermaid));
    await eventually(() => expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ theme: "dark" })));
  });

  it("draws the diagrams again when the colour mode changes, until the page changes", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const mermaid = fakeMermaid();
    const stop = renderDiagrams(root, () => Promise.resolve(mermaid));
    await eventually(() => expect(mermaid.render).toHaveBeenCalledTimes(3));
    const first = root.querySelector(".tz-mermaid--rendered svg")!.id;
    document.documentElement.dataset.theme = "dark";
    await eventually(() => expect(mermaid.render).toHaveBeenCalledTimes(6));
    await eventually(() => expect(root.querySelector(".tz-mermaid--rendered svg")!.id).not.toBe(first));
    expect(mermaid.initialize).toHaveBeenLastCalledWith(expect.objectContaining({ theme: "dark" }));
    expect(root.querySelectorAll(".tz-mermaid--rendered")).toHaveLength(2);
    expect(mermaid.render.mock.calls[3]?.[1]).toBe("graph TD; A-->B");
    stop();
    document.documentElement.dataset.theme = "light";
    await new Promise((r) => setTimeout(r, 5));
    expect(mermaid.render).toHaveBeenCalledTimes(6);
  });

  it("keeps every source when the renderer cannot be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderDiagrams(root, () => Promise.reject(new Error("chunk failed")));
    await eventually(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(root.querySelectorAll("pre.tz-mermaid")).toHaveLength(3);
  });

  it("does not load mermaid when there is no diagram", () => {
    root.innerHTML = "<p>No diagrams</p>";
    const load = vi.fn(() => Promise.resolve(fakeMermaid()));
    renderDiagrams(root, load);
    expect(load).not.toHaveBeenCalled();
  });

  it("stops when the page changes before loading finishes", async () => {
    const mermaid = fakeMermaid();
    let resolve!: (m: MermaidApi) => void;
    const stop = renderDiagrams(root, () => new Promise((r) => (resolve = r)));
    stop();
    resolve(mermaid);
    await new Promise((r) => setTimeout(r, 5));
    expect(mermaid.render).not.toHaveBeenCalled();
    expect(root.querySelectorAll("pre.tz-mermaid")).toHaveLength(3);
  });

  it("waits until a diagram comes near the viewport before loading mermaid", async () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observed: Element[] = [];
    class FakeObserver {
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
        notify = cb;
      }
      observe(el: Element) {
        observed.push(el);
      }
      disconnect() {}
    }
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    try {
      const load = vi.fn(() => Promise.resolve(fakeMermaid()));
      vi.spyOn(console, "warn").mockImplementation(() => {});
      renderDiagrams(root, load);
      expect(observed).toHaveLength(3);
      notify?.([{ isIntersecting: false }]);
      expect(load).not.toHaveBeenCalled();
      notify?.([{ isIntersecting: true }]);
      expect(load).toHaveBeenCalledTimes(1);
      await eventually(() => expect(root.querySelectorAll(".tz-mermaid--rendered")).toHaveLength(2));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("placeSvg", () => {
  it("applies a diagram's inline styles through the CSS object model, leaving no style markup", () => {
    const figure = document.createElement("div");
    placeSvg(
      figure,
      `<svg id="tz-mermaid-9" style="max-width: 321px;"><style>#tz-mermaid-9 .actor{fill:#eaeaea;}</style>` +
        `<g><rect class="actor" style="fill: rgb(1, 2, 3); stroke-width: 2px;"></rect>` +
        `<text aria-label="a style=&quot;x&quot; label" data-x='style="y"'>style="z"</text></g></svg>`,
    );
    expect(figure.querySelector("style")).toBeNull();
    expect(figure.querySelector("[data-tz-style]")).toBeNull();
    expect(figure.querySelector("svg")?.style.maxWidth).toBe("321px");
    const rect = figure.querySelector("rect") as SVGElement;
    expect(rect.style.fill).toBe("rgb(1, 2, 3)");
    expect(rect.style.strokeWidth).toBe("2px");
    // Attribute values and text that merely mention style= are left as they were.
    const text = figure.querySelector("text")!;
    expect(text.getAttribute("aria-label")).toBe('a style="x" label');
    expect(text.getAttribute("data-x")).toBe('style="y"');
    expect(text.textContent).toBe('style="z"');
  });
});
