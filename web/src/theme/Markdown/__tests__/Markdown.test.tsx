import { act, render, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Markdown } from "..";

// The diagram frame's drawing code (window.tzDiagrams in /_diagram.html), replaced so the test sees
// whether (and when) the frame is opened and asked to draw.
const mermaid = {
  render: vi.fn(async (id: string) => `<svg id="${id}"></svg>`),
};

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const CODE = `<div class="tz-code" data-language="sh"><pre class="tz-code__pre chroma" tabindex="0"><code class="language-sh"><span class="tz-code__line">echo hi
</span></code></pre></div>`;
const TABS = `<div class="tz-tabs" data-group-id="lang"><div class="tz-tabs__list" role="tablist"><button type="button" class="tz-tabs__tab" role="tab" id="tz-tabs-1-a-tab" aria-controls="tz-tabs-1-a" aria-selected="true" tabindex="0" data-value="a">A</button><button type="button" class="tz-tabs__tab" role="tab" id="tz-tabs-1-b-tab" aria-controls="tz-tabs-1-b" aria-selected="false" tabindex="-1" data-value="b">B</button></div><div class="tz-tabs__panel" role="tabpanel" id="tz-tabs-1-a" aria-labelledby="tz-tabs-1-a-tab" data-value="a"><p>a</p></div><div class="tz-tabs__panel" role="tabpanel" id="tz-tabs-1-b" aria-labelledby="tz-tabs-1-b-tab" data-value="b" hidden><p>b</p></div></div>`;
const DIAGRAM = `<pre class="tz-mermaid">graph TD; A--&gt;B</pre>`;

let frames: MutationObserver;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  mermaid.render.mockClear();
  vi.spyOn(HTMLIFrameElement.prototype, "contentWindow", "get").mockReturnValue({ tzDiagrams: mermaid } as unknown as Window);
  // jsdom loads no frame: the frame "loads" as soon as it is in the page.
  frames = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLIFrameElement) n.dispatchEvent(new Event("load"));
  });
  frames.observe(document.body, { childList: true });
  localStorage.clear();
});

afterEach(() => {
  frames.disconnect();
  document.body.innerHTML = "";
});

describe("Markdown", () => {
  it("hydrates the server HTML without a mismatch, then adds copy buttons and tab behaviour", async () => {
    const html = CODE + TABS;
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Markdown html={html} hasMermaid={false} />);
    document.body.append(container);
    // The server HTML is exactly the compiled Markdown: nothing is added before hydration.
    expect(container.querySelector(".tz-code__copy")).toBeNull();
    const errors = vi.spyOn(console, "error");
    const reported: unknown[] = [];
    const onError = (e: ErrorEvent) => {
      reported.push(e.error);
      e.preventDefault();
    };
    window.addEventListener("error", onError);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Markdown html={html} hasMermaid={false} />, { onRecoverableError: (e) => reported.push(e) });
    });
    window.removeEventListener("error", onError);
    expect(errors).not.toHaveBeenCalled();
    expect(reported).toEqual([]);
    // The enhancers' chunk is loaded after hydration.
    await waitFor(() => expect(container.querySelectorAll("button.tz-code__copy")).toHaveLength(1));
    container.querySelector<HTMLElement>('[data-value="b"]')!.click();
    expect(container.querySelector<HTMLElement>("#tz-tabs-1-b")!.hidden).toBe(false);
    expect(localStorage.getItem("tz-tabs.lang")).toBe("b");
    act(() => root.unmount());
  });

  it("re-enhances when the HTML is replaced by navigation and drops the old listeners", async () => {
    const { container, rerender, unmount } = render(<Markdown html={TABS} hasMermaid={false} />);
    const oldRoot = container.querySelector(".tz-markdown")!;
    expect(oldRoot.querySelector(".tz-code__copy")).toBeNull();
    // Replaced before the enhancers' chunk arrived: only the new HTML is enhanced, once.
    rerender(<Markdown html={CODE + CODE} hasMermaid={false} />);
    await waitFor(() => expect(container.querySelectorAll(".tz-code__copy")).toHaveLength(2));
    rerender(<Markdown html={CODE + TABS} hasMermaid={false} />);
    await waitFor(() => expect(container.querySelectorAll(".tz-code__copy")).toHaveLength(1));
    // One click listener per enhancer, not one per visit: a click selects once and stores once.
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    container.querySelector<HTMLElement>('[data-value="b"]')!.click();
    expect(setItem).toHaveBeenCalledTimes(1);
    unmount();
  });

  it("loads mermaid only for pages whose data says hasMermaid", async () => {
    const { container, rerender, unmount } = render(<Markdown html={DIAGRAM} hasMermaid={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(mermaid.render).not.toHaveBeenCalled();
    expect(container.querySelector("pre.tz-mermaid")).not.toBeNull();

    rerender(<Markdown html={DIAGRAM + "<p>next page</p>"} hasMermaid />);
    await waitFor(() => expect(container.querySelector(".tz-mermaid--rendered svg")).not.toBeNull());
    expect(mermaid.render).toHaveBeenCalledWith(expect.stringMatching(/^tz-mermaid-\d+$/), "graph TD; A-->B", expect.objectContaining({ securityLevel: "strict" }));
    expect(container.querySelector("pre.tz-mermaid")).toBeNull();
    unmount();
  });

  it("falls back to the HTML when hasMermaid is not given", async () => {
    const { container, unmount } = render(<Markdown html={DIAGRAM} />);
    await waitFor(() => expect(container.querySelector(".tz-mermaid--rendered")).not.toBeNull());
    unmount();
    const other = render(<Markdown html="<p>no diagram</p>" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(mermaid.render).toHaveBeenCalledTimes(1);
    other.unmount();
  });
});
