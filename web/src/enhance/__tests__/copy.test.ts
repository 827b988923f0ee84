import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COPIED_MS } from "../../lib/clipboard";
import { addCopyButtons, codeText } from "../copy";

const BLOCK = `<div class="tz-code" data-language="ts"><div class="tz-code__title">a.ts</div><pre class="tz-code__pre chroma" tabindex="0" data-line-numbers="1"><code class="language-ts"><span class="tz-code__line"><span class="kd">const</span> a = 1;
</span><span class="tz-code__line tz-code__line--hl">console.log(a);
</span></code></pre></div>`;

let root: HTMLElement;
let cleanup: (() => void) | undefined;

beforeEach(() => {
  root = document.createElement("div");
  root.className = "tz-markdown";
  root.innerHTML = BLOCK + BLOCK.replace("a.ts", "b.ts").replace("const", "let");
  document.body.append(root);
});

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  root.remove();
  vi.useRealTimers();
});

/** Lets pending promise callbacks run. */
const settle = () => new Promise<void>((r) => queueMicrotask(() => queueMicrotask(r)));

describe("codeText", () => {
  it("returns the code without the final newline and without line-number spans", () => {
    const block = document.createElement("div");
    block.innerHTML = `<pre><code><span class="tz-code__line"><span class="ln">1</span>x = 1
</span><span class="tz-code__line"><span class="ln">2</span>y = 2
</span></code></pre>`;
    expect(codeText(block)).toBe("x = 1\ny = 2");
  });

  it("copies only the commands of a terminal transcript", () => {
    const block = document.createElement("div");
    // As the highlighter renders a console block: prompt, command, output, a continuation line.
    block.innerHTML = `<pre><code><span class="tz-code__line"><span class="gp">$</span> <span class="nf">octez-client</span> get balance for alice
</span><span class="tz-code__line"><span class="go">1000 ꜩ</span>
</span><span class="tz-code__line"><span class="c1"># then</span>
</span><span class="tz-code__line"><span class="gp">$</span> <span class="nf">octez-client</span> transfer 1 \\
</span><span class="tz-code__line">    from alice to bob
</span><span class="tz-code__line"><span class="go">Operation injected</span>
</span></code></pre>`;
    expect(codeText(block)).toBe("octez-client get balance for alice\n# then\noctez-client transfer 1 \\\n    from alice to bob");
  });
});

describe("addCopyButtons", () => {
  it("adds one labelled button per code block", () => {
    cleanup = addCopyButtons(root, { write: () => Promise.resolve() });
    const buttons = root.querySelectorAll<HTMLButtonElement>(".tz-code > button.tz-code__copy");
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute("aria-label")).toBe("Copy code");
    expect(buttons[0]?.type).toBe("button");
    expect(buttons[0]?.textContent).toBe("Copy");
  });

  it("copies its own block's code and says Copied for 1500 ms", async () => {
    vi.useFakeTimers();
    const write = vi.fn((_text: string) => Promise.resolve());
    cleanup = addCopyButtons(root, { write });
    const second = root.querySelectorAll<HTMLButtonElement>(".tz-code__copy")[1]!;
    second.click();
    expect(write).toHaveBeenCalledWith("let a = 1;\nconsole.log(a);");
    await settle();
    expect(second.textContent).toBe("Copied");
    expect(second.getAttribute("aria-label")).toBe("Copied");
    expect(second.classList.contains("tz-code__copy--copied")).toBe(true);
    vi.advanceTimersByTime(COPIED_MS - 1);
    expect(second.textContent).toBe("Copied");
    vi.advanceTimersByTime(1);
    expect(second.textContent).toBe("Copy");
    expect(second.getAttribute("aria-label")).toBe("Copy code");
  });

  it("uses the Clipboard API by default", async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    try {
      cleanup = addCopyButtons(root);
      root.querySelector<HTMLButtonElement>(".tz-code__copy")!.click();
      expect(writeText).toHaveBeenCalledWith("const a = 1;\nconsole.log(a);");
      await settle();
      expect(root.querySelector(".tz-code__copy")!.textContent).toBe("Copied");
    } finally {
      Reflect.deleteProperty(navigator, "clipboard");
    }
  });

  it("leaves the button unchanged and throws nothing when the clipboard refuses", async () => {
    const unhandled = vi.fn();
    window.addEventListener("unhandledrejection", unhandled);
    const write = vi.fn(() => Promise.reject(new DOMException("denied", "NotAllowedError")));
    cleanup = addCopyButtons(root, { write });
    const button = root.querySelector<HTMLButtonElement>(".tz-code__copy")!;
    button.click();
    await settle();
    await new Promise((r) => setTimeout(r, 0));
    window.removeEventListener("unhandledrejection", unhandled);
    expect(write).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe("Copy");
    expect(button.getAttribute("aria-label")).toBe("Copy code");
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("removes its buttons and stops listening on cleanup", () => {
    const write = vi.fn(() => Promise.resolve());
    const dispose = addCopyButtons(root, { write });
    const button = root.querySelector<HTMLButtonElement>(".tz-code__copy")!;
    dispose();
    expect(root.querySelectorAll(".tz-code__copy")).toHaveLength(0);
    root.querySelector(".tz-code")!.append(button);
    button.click();
    expect(write).not.toHaveBeenCalled();
  });
});
