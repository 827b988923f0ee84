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
  it("says so with a Retry that loads it again each time and never reloads the page by itself", async () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, href: "http://localhost/", reload } as Location);
    render(<SearchButton site={siteFixture()} />);
    fireEvent.click(screen.getByRole("button", { name: /^Search/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("could not be loaded");
    expect(screen.queryByRole("dialog")).toBeNull();
    for (let tries = 2; tries <= 3; tries++) {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      // Failed again (vitest's wrapped error is no missing-chunk error: nothing reloads by itself).
      await vi.waitFor(() => expect(console.error).toHaveBeenCalledTimes(tries));
      await act(async () => {});
      await screen.findByRole("button", { name: "Retry" });
    }
    expect(reload).not.toHaveBeenCalled();
  });
});
