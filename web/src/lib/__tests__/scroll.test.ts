import { afterEach, describe, expect, it, vi } from "vitest";
import { HASH_SCROLL_END, HASH_SCROLL_START, nextScrollStep, scrollToElement, SCROLL_STEP } from "../scroll";

function target(top: number): Element {
  const el = document.createElement("h2");
  el.getBoundingClientRect = () => ({ top }) as DOMRect;
  return el;
}

function motion(reduced: boolean) {
  vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce") && reduced }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.style.scrollBehavior = "";
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

describe("nextScrollStep", () => {
  it("covers 15 % of the remaining distance per frame and lands exactly", () => {
    expect(SCROLL_STEP).toBe(0.15);
    expect(nextScrollStep(0, 1000)).toBe(150);
    expect(nextScrollStep(1000, 0)).toBe(850);
    expect(nextScrollStep(999.5, 1000)).toBe(1000);
    let y = 0;
    let frames = 0;
    while (y !== 1000 && frames < 100) {
      y = nextScrollStep(y, 1000);
      frames++;
    }
    expect(y).toBe(1000);
    expect(frames).toBeGreaterThan(20);
    expect(frames).toBeLessThan(60);
  });
});

describe("scrollToElement", () => {
  it("jumps at once under reduced motion and signals start and end", async () => {
    motion(true);
    Object.defineProperty(document.documentElement, "scrollHeight", { value: 5000, configurable: true });
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const events: string[] = [];
    const log = (e: Event) => events.push(e.type);
    window.addEventListener(HASH_SCROLL_START, log);
    window.addEventListener(HASH_SCROLL_END, log);
    await scrollToElement(target(800));
    window.removeEventListener(HASH_SCROLL_START, log);
    window.removeEventListener(HASH_SCROLL_END, log);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith({ top: 800, behavior: "instant" });
    expect(events).toEqual([HASH_SCROLL_START, HASH_SCROLL_END]);
  });

  it("animates in steps of about 15 % per frame by default", async () => {
    motion(false);
    Object.defineProperty(document.documentElement, "scrollHeight", { value: 5000, configurable: true });
    const positions: number[] = [];
    vi.spyOn(window, "scrollTo").mockImplementation(((opts: ScrollToOptions) => {
      positions.push(opts.top ?? 0);
      Object.defineProperty(window, "scrollY", { value: opts.top ?? 0, configurable: true });
    }) as typeof window.scrollTo);
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
    await scrollToElement(target(1000));
    expect(positions[0]).toBe(150);
    expect(positions[1]).toBeCloseTo(277.5);
    expect(positions.at(-1)).toBe(1000);
  });

  it("stops animating when something else scrolls the page", async () => {
    motion(false);
    Object.defineProperty(document.documentElement, "scrollHeight", { value: 5000, configurable: true });
    const positions: number[] = [];
    vi.spyOn(window, "scrollTo").mockImplementation(((opts: ScrollToOptions) => {
      positions.push(opts.top ?? 0);
      // The reader presses Home after the second step.
      Object.defineProperty(window, "scrollY", { value: positions.length === 2 ? 0 : (opts.top ?? 0), configurable: true });
    }) as typeof window.scrollTo);
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
    await scrollToElement(target(1000));
    expect(positions).toHaveLength(2);
  });

  it("leaves the animation to the browser when the page style asks for smooth scrolling", async () => {
    motion(false);
    document.documentElement.style.scrollBehavior = "smooth";
    Object.defineProperty(document.documentElement, "scrollHeight", { value: 5000, configurable: true });
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {
      setTimeout(() => window.dispatchEvent(new Event("scrollend")), 0);
    });
    await scrollToElement(target(400));
    expect(scroll).toHaveBeenCalledWith({ top: 400, behavior: "smooth" });
  });
});
