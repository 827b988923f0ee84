import { afterEach, describe, expect, it, vi } from "vitest";
import { animateHeight, collapseDuration, REDUCED_MOTION_DURATION_MS } from "../collapse";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An element with a recording Element.animate (jsdom has none). */
function animatable(height: number) {
  const el = document.createElement("ul");
  Object.defineProperty(el, "scrollHeight", { value: height });
  const calls: { keyframes: Keyframe[]; options: KeyframeAnimationOptions }[] = [];
  const anim = { onfinish: null as null | (() => void), cancel: vi.fn() };
  el.animate = ((keyframes: Keyframe[], options: KeyframeAnimationOptions) => {
    calls.push({ keyframes, options });
    return anim;
  }) as unknown as typeof el.animate;
  el.getAnimations = () => [];
  return { el, calls, finish: () => anim.onfinish?.() };
}

describe("collapseDuration", () => {
  it("is 1 ms under reduced motion and grows with the height otherwise", () => {
    expect(collapseDuration(500, true)).toBe(REDUCED_MOTION_DURATION_MS);
    expect(collapseDuration(0, false)).toBe(150);
    expect(collapseDuration(400, false)).toBeGreaterThan(collapseDuration(100, false));
    expect(collapseDuration(1e6, false)).toBe(400);
  });
});

describe("animateHeight", () => {
  it("animates from 0 to the full height when opening", () => {
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    const { el, calls, finish } = animatable(300);
    el.hidden = true;
    animateHeight(el, true);
    expect(el.hidden).toBe(false);
    expect(calls[0]?.keyframes).toEqual([{ height: "0px" }, { height: "300px" }]);
    expect(calls[0]?.options.duration).toBe(collapseDuration(300, false));
    finish();
    expect(el.hidden).toBe(false);
    expect(el.style.overflow).toBe("");
  });

  it("stays visible while closing, then hides; 1 ms under reduced motion", () => {
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce") }));
    const { el, calls, finish } = animatable(200);
    animateHeight(el, false);
    expect(el.hidden).toBe(false);
    expect(calls[0]?.keyframes).toEqual([{ height: "200px" }, { height: "0px" }]);
    expect(calls[0]?.options.duration).toBe(1);
    finish();
    expect(el.hidden).toBe(true);
  });

  it("switches at once without the Web Animations API", () => {
    const el = document.createElement("ul");
    Object.defineProperty(el, "animate", { value: undefined });
    animateHeight(el, false);
    expect(el.hidden).toBe(true);
    animateHeight(el, true);
    expect(el.hidden).toBe(false);
  });
});
