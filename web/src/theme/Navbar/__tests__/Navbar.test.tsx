import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docFixture, homeFixture, siteFixture } from "../../../test/fixtures";
import { Navbar } from "..";

describe("Navbar", () => {
  it("renders the logo link, title, left and right items", () => {
    const { container } = render(<Navbar site={siteFixture()} page={homeFixture()} />);
    const brand = container.querySelector(".tz-navbar__brand");
    expect(brand?.getAttribute("href")).toBe("/");
    expect(brand?.textContent).toContain("Tezos Docs");
    const left = container.querySelector(".tz-navbar__items--left") as HTMLElement;
    expect(within(left).getAllByRole("link").map((a) => a.textContent)).toEqual(["Documentation", "Tutorials", "Map"]);
    const right = container.querySelector(".tz-navbar__items--right") as HTMLElement;
    expect(within(right).getByRole("button", { name: "More" })).toBeTruthy();
    expect(right.querySelector(".custom-html")?.textContent).toBe("beta");
  });

  it("opens external links in a new tab and says so", () => {
    render(<Navbar site={siteFixture()} page={homeFixture()} />);
    const gh = screen.getByRole("link", { name: "GitHub (opens in new tab)" });
    expect(gh.getAttribute("target")).toBe("_blank");
    expect(gh.getAttribute("rel")).toBe("noopener noreferrer");
    const docs = screen.getByRole("link", { name: "Documentation" });
    expect(docs.hasAttribute("target")).toBe(false);
  });

  it("marks the sidebar link active on every page of its sidebar", () => {
    render(<Navbar site={siteFixture()} page={docFixture({ sidebar: "documentation" })} />);
    expect(screen.getByRole("link", { name: "Documentation" }).className).toContain("tz-navbar__link--active");
    expect(screen.getByRole("link", { name: "Tutorials" }).className).not.toContain("--active");
  });

  it("marks no sidebar link active on a page without a sidebar", () => {
    render(<Navbar site={siteFixture()} page={homeFixture()} />);
    expect(document.querySelectorAll(".tz-navbar__link--active")).toHaveLength(0);
  });

  it("toggles a dropdown with aria-expanded", () => {
    render(<Navbar site={siteFixture()} page={homeFixture()} />);
    const button = screen.getByRole("button", { name: "More" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
  });

  it("opens the mobile menu with the page's sidebar and a way back to the main menu", () => {
    render(<Navbar site={siteFixture()} page={docFixture()} />);
    fireEvent.click(screen.getByRole("button", { name: "Toggle navigation bar" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("navigation", { name: "Docs sidebar" })).toBeTruthy();
    expect(document.body.style.overflow).toBe("hidden");
    fireEvent.click(within(dialog).getByRole("button", { name: /Back to main menu/ }));
    expect(within(dialog).getByRole("link", { name: "Tutorials" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close navigation bar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });
});
