import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Loadable } from "..";

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Loadable", () => {
  it("shows nothing for a fast load, then the component", async () => {
    const load = () => Promise.resolve({ default: Hello });
    const { container } = render(<Loadable load={load} props={{ name: "fast" }} />);
    expect(container.innerHTML).toBe("");
    expect(await screen.findByText("hello fast")).toBeTruthy();
    expect(container.querySelector(".tz-spinner")).toBeNull();
  });

  it("shows a spinner only after 200 ms", async () => {
    vi.useFakeTimers();
    let resolve!: (m: { default: typeof Hello }) => void;
    const load = () => new Promise<{ default: typeof Hello }>((r) => (resolve = r));
    const { container } = render(<Loadable load={load} props={{ name: "slow" }} />);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(container.querySelector(".tz-spinner")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2));
    expect(container.querySelector(".tz-spinner")).not.toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    await act(async () => resolve({ default: Hello }));
    expect(screen.getByText("hello slow")).toBeTruthy();
  });

  it("shows the error text and loads again on Retry", async () => {
    let attempts = 0;
    const load = () => (++attempts === 1 ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : Promise.resolve({ default: Hello }));
    render(<Loadable load={load} props={{ name: "again" }} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to fetch dynamically imported module");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("hello again")).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
