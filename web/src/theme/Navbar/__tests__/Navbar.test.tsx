import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { docFixture, homeFixture, siteFixture } from "../../../test/fixtures";
import { mobileMenuChunk, Navbar } from "..";

describe("Navbar", () => {
  // The mobile menu's chunk is loaded on demand (see Navbar.lazy.test.tsx); here it is there already.
  beforeAll(async () => {
    await mobileMenuChunk.load();
  });

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

  it("closes the mobile menu with Escape and returns focus to the toggle", () => {
    render(<Navbar site={siteFixture()} page={docFixture()} />);
    const toggle = screen.getByRole("button", { name: "Toggle navigation bar" });
    toggle.focus();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close navigation bar" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps Tab inside the open mobile menu", () => {
    render(<Navbar site={siteFixture()} page={homeFixture()} />);
    fireEvent.click(screen.getByRole("button", { name: "Toggle navigation bar" }));
    const dialog = screen.getByRole("dialog");
    const focusable = [...dialog.querySelectorAll<HTMLElement>("a[href], button")];
    const last = focusable[focusable.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(focusable[0]);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("shows navbar items in the mobile menu without the search item, dropdowns collapsed", () => {
    render(<Navbar site={siteFixture()} page={homeFixture()} />);
    fireEvent.click(screen.getByRole("button", { name: "Toggle navigation bar" }));
    const dialog = screen.getByRole("dialog");
    // No sidebar on the home page: the main menu shows at once, with no way "back".
    expect(within(dialog).queryByRole("button", { name: /Back to main menu/ })).toBeNull();
    expect(dialog.querySelectorAll(".tz-mobile-menu__items > li")).toHaveLength(6);
    const more = within(dialog).getByRole("button", { name: "More" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(more.getAttribute("aria-controls") ?? "")?.tagName).toBe("UL");
    fireEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
  });

  it("expands a mobile menu dropdown holding the current page", () => {
    render(<Navbar site={siteFixture()} page={docFixture({ route: "/overview/glossary", sidebar: undefined })} />);
    fireEvent.click(screen.getByRole("button", { name: "Toggle navigation bar" }));
    const more = within(screen.getByRole("dialog")).getByRole("button", { name: "More" });
    expect(more.getAttribute("aria-expanded")).toBe("true");
  });

  it("closes a desktop dropdown with Escape", () => {
    render(<Navbar site={siteFixture()} page={homeFixture()} />);
    const button = screen.getByRole("button", { name: "More" });
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the mobile menu when a link in it is followed or the window widens to desktop", () => {
    const listeners = new Set<() => void>();
    const media = { matches: false, addEventListener: (_: string, l: () => void) => listeners.add(l), removeEventListener: (_: string, l: () => void) => listeners.delete(l) };
    vi.stubGlobal("matchMedia", () => media);
    try {
      render(<Navbar site={siteFixture()} page={homeFixture()} />);
      const toggle = screen.getByRole("button", { name: "Toggle navigation bar" });
      fireEvent.click(toggle);
      const map = within(screen.getByRole("dialog")).getByRole("link", { name: "Map" });
      map.addEventListener("click", (e) => e.preventDefault()); // no jsdom navigation
      fireEvent.click(map);
      expect(screen.queryByRole("dialog")).toBeNull();
      fireEvent.click(toggle);
      expect(document.body.style.overflow).toBe("hidden");
      act(() => {
        media.matches = true;
        for (const l of listeners) l();
      });
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.body.style.overflow).toBe("");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
