import { describe, expect, it, vi } from "vitest";
import { prefetchWhenVisible } from "../prefetchVisible";

function fakeObserver() {
  const observed: Element[] = [];
  let cb: ((entries: { isIntersecting: boolean; target: Element }[]) => void) | undefined;
  class Observer {
    constructor(callback: typeof cb) {
      cb = callback;
    }
    observe(el: Element) {
      observed.push(el);
    }
    unobserve(el: Element) {
      observed.splice(observed.indexOf(el), 1);
    }
    disconnect() {
      observed.length = 0;
    }
  }
  return { Observer, observed, fire: (entries: { isIntersecting: boolean; target: Element }[]) => cb?.(entries) };
}

describe("prefetchWhenVisible", () => {
  it("prefetches previous/next and card links once, when they come into view", () => {
    const root = document.createElement("div");
    root.innerHTML = `<nav class="tz-pagination"><a href="/a">A</a><a href="/b">B</a></nav>
      <a class="tz-tutorial-card" href="/c">C</a><p><a href="/body">body link</a></p>`;
    const { Observer, observed, fire } = fakeObserver();
    const prefetch = vi.fn();
    const stop = prefetchWhenVisible(root, prefetch, Observer);
    expect(observed.map((a) => a.getAttribute("href"))).toEqual(["/a", "/b", "/c"]);
    const [a, b] = [...observed];
    fire([{ isIntersecting: false, target: a! }]);
    expect(prefetch).not.toHaveBeenCalled();
    fire([{ isIntersecting: true, target: a! }, { isIntersecting: true, target: b! }]);
    expect(prefetch.mock.calls.map((c) => new URL(c[0] as string).pathname)).toEqual(["/a", "/b"]);
    expect(observed.map((x) => x.getAttribute("href"))).toEqual(["/c"]);
    stop();
    expect(observed).toHaveLength(0);
  });

  it("does nothing without IntersectionObserver", () => {
    const prefetch = vi.fn();
    expect(() => prefetchWhenVisible(document, prefetch, undefined)()).not.toThrow();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
