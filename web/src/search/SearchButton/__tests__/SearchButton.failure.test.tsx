import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { SearchButton } from "..";

// The dialog's chunk cannot be loaded: every import of it fails.
vi.mock("../../SearchDialog", () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/SearchDialog-abc.js")));

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("SearchButton when the dialog cannot be loaded", () => {
  it("says so with a Retry that loads again, then reloads the page", async () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, href: "http://localhost/", reload } as Location);
    render(<SearchButton site={siteFixture()} />);
    fireEvent.click(screen.getByRole("button", { name: /^Search/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("could not be loaded");
    expect(screen.queryByRole("dialog")).toBeNull();
    // First Retry: loads again, fails again, still says so.
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    // Failed again (vitest's wrapped error is no missing-chunk error: nothing reloads by itself).
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(reload).not.toHaveBeenCalled();
    // Second Retry: the browser keeps the failed import, so the page reloads.
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
