import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HASH_SCROLL_END, HASH_SCROLL_START } from "../scroll";
import { useHideOnScroll } from "../useHideOnScroll";

function Probe({ enabled }: { enabled: boolean }) {
  return <p>{useHideOnScroll(enabled) ? "hidden" : "shown"}</p>;
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

afterEach(() => {
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

describe("useHideOnScroll", () => {
  it("hides on scroll down and shows on scroll up", () => {
    const { container } = render(<Probe enabled />);
    expect(container.textContent).toBe("shown");
    scrollTo(400);
    expect(container.textContent).toBe("hidden");
    scrollTo(300);
    expect(container.textContent).toBe("shown");
    scrollTo(500);
    expect(container.textContent).toBe("hidden");
    scrollTo(10);
    expect(container.textContent).toBe("shown");
  });

  it("hides after a jump to a hash target", () => {
    const { container } = render(<Probe enabled />);
    scrollTo(800);
    scrollTo(700);
    expect(container.textContent).toBe("shown");
    act(() => {
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    scrollTo(600);
    expect(container.textContent).toBe("hidden");
  });

  it("hides while following a hash link, whatever the direction, and stays hidden below the bar", () => {
    const { container } = render(<Probe enabled />);
    scrollTo(900);
    scrollTo(800);
    expect(container.textContent).toBe("shown");
    act(() => {
      window.dispatchEvent(new Event(HASH_SCROLL_START));
    });
    expect(container.textContent).toBe("hidden");
    // Animated steps upwards do not bring the bar back.
    scrollTo(700);
    scrollTo(500);
    expect(container.textContent).toBe("hidden");
    act(() => {
      window.dispatchEvent(new Event(HASH_SCROLL_END));
    });
    expect(container.textContent).toBe("hidden");
    scrollTo(450);
    expect(container.textContent).toBe("shown");
  });

  it("shows the bar after a hash jump that ends at the top", () => {
    const { container } = render(<Probe enabled />);
    scrollTo(500);
    act(() => {
      window.dispatchEvent(new Event(HASH_SCROLL_START));
    });
    scrollTo(0);
    act(() => {
      window.dispatchEvent(new Event(HASH_SCROLL_END));
    });
    expect(container.textContent).toBe("shown");
  });

  it("never hides when disabled", () => {
    const { container } = render(<Probe enabled={false} />);
    scrollTo(400);
    expect(container.textContent).toBe("shown");
  });
});
