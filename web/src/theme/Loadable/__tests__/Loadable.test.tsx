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
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let attempts = 0;
    const load = () => (++attempts === 1 ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : Promise.resolve({ default: Hello }));
    render(<Loadable load={load} props={{ name: "again" }} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("could not be loaded");
    expect(alert.textContent).not.toContain("dynamically imported");
    expect(String(errors.mock.calls[0]?.[1])).toContain("dynamically imported");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("hello again")).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it("loads again on every Retry, in place, asking again for a stylesheet that failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let attempts = 0;
    const load = () => (++attempts < 3 ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : Promise.resolve({ default: Hello }));
    const failed = document.createElement("link");
    failed.rel = "stylesheet";
    failed.href = "/assets/AssistantView-1.css";
    document.head.append(failed);
    failed.dispatchEvent(new Event("error"));
    render(<Loadable load={load} props={{ name: "at last" }} />);
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    await vi.waitFor(() => expect(attempts).toBe(2));
    expect(failed.isConnected).toBe(false);
    const again = document.head.querySelector<HTMLLinkElement>('link[href="/assets/AssistantView-1.css"]');
    expect(again).not.toBeNull();
    again!.dispatchEvent(new Event("load"));
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("hello at last")).toBeTruthy();
    expect(attempts).toBe(3);
    again!.remove();
  });
});
