import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorPage, errorDetails } from "..";

describe("ErrorPage", () => {
  it("shows a page crash with its message, Try again and the details", () => {
    const onTryAgain = vi.fn();
    render(<ErrorPage variant="crash" error={new Error("toc is not iterable")} onTryAgain={onTryAgain} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This page crashed.");
    expect(screen.getByText("toc is not iterable")).toBeTruthy();
    expect(screen.getByText("Error details").tagName).toBe("SUMMARY");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onTryAgain).toHaveBeenCalledTimes(1);
  });

  it("shows the generic error page with the message and Try again, without details", () => {
    render(<ErrorPage variant="generic" error={new Error("layout failed")} onTryAgain={() => {}} />);
    expect(screen.getByText("layout failed")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByText("Error details")).toBeNull();
  });

  it("lists the causes in the details", () => {
    const err = new Error("render failed", { cause: new TypeError("x is undefined") });
    expect(errorDetails(err)).toMatch(/^Error: render failed\nCaused by TypeError: x is undefined/);
  });
});
