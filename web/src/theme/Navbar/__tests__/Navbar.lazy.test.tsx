import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docFixture, siteFixture } from "../../../test/fixtures";
import { mobileMenuChunk, Navbar } from "..";

// A file of its own: the mobile menu's chunk must not be loaded yet when the test starts.
describe("Navbar's mobile menu chunk", () => {
  it("is not in the first render, and opens the menu once it has loaded", async () => {
    expect(mobileMenuChunk.loaded()).toBeUndefined();
    render(<Navbar site={siteFixture()} page={docFixture()} />);
    const toggle = screen.getByRole("button", { name: "Toggle navigation bar" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("navigation", { name: "Docs sidebar" })).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")).not.toBeNull();
  });
});
