import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "..";

let broken = true;
function Fragile() {
  if (broken) throw new Error("boom");
  return <p>fine</p>;
}

function fallback({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  return (
    <button type="button" onClick={tryAgain}>
      retry {error.message}
    </button>
  );
}

describe("ErrorBoundary", () => {
  it("shows the fallback on a crash and the children again after Try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    broken = true;
    const onRetry = vi.fn(async () => {
      broken = false;
    });
    render(
      <ErrorBoundary fallback={fallback} onRetry={onRetry}>
        <Fragile />
      </ErrorBoundary>,
    );
    const button = screen.getByRole("button", { name: "retry boom" });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText("fine")).toBeTruthy();
  });

  it("renders the fallback again when the retry does not help, even if it fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    broken = true;
    render(
      <ErrorBoundary fallback={fallback} onRetry={() => Promise.reject(new Error("offline"))}>
        <Fragile />
      </ErrorBoundary>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "retry boom" }));
    });
    expect(screen.getByRole("button", { name: "retry boom" })).toBeTruthy();
  });
});
