import { afterEach, describe, expect, it, vi } from "vitest";
import { keepInView } from "../keepInView";

/** A ResizeObserver the test triggers by hand. */
class FakeObserver {
  static last: FakeObserver | null = null;
  disconnected = false;
  constructor(public callback: ResizeObserverCallback) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  fire() {
    if (!this.disconnected) this.callback([], this as unknown as ResizeObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

function setup() {
  vi.stubGlobal("ResizeObserver", FakeObserver);
  const target = document.createElement("h2");
  document.body.append(target);
  let top = 72;
  vi.spyOn(target, "getBoundingClientRect").mockImplementation(() => ({ top }) as DOMRect);
  const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  return { target, scrollTo, moveTo: (t: number) => (top = t) };
}

describe("keepInView", () => {
  it("moves the scroll by as much as the target moved while content above it grew", () => {
    const { target, scrollTo, moveTo } = setup();
    const stop = keepInView(target);
    moveTo(198); // a diagram 126 px taller than its source was drawn above
    FakeObserver.last!.fire();
    expect(scrollTo).toHaveBeenCalledWith({ top: window.scrollY + 126, behavior: "instant" });
    stop();
  });

  it("lets go as soon as the reader scrolls", () => {
    const { target, scrollTo, moveTo } = setup();
    keepInView(target);
    window.dispatchEvent(new Event("wheel"));
    moveTo(300);
    FakeObserver.last!.fire();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it("lets go after its time", () => {
    vi.useFakeTimers();
    try {
      const { target } = setup();
      keepInView(target, 1000);
      vi.advanceTimersByTime(1001);
      expect(FakeObserver.last!.disconnected).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
