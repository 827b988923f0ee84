import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
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

  it("never hides when disabled", () => {
    const { container } = render(<Probe enabled={false} />);
    scrollTo(400);
    expect(container.textContent).toBe("shown");
  });
});
