import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NavDropdownItem } from "../../../lib/contract";
import { docFixture as docPage } from "../../../test/fixtures";
import { NavbarItem } from "..";

const versions: NavDropdownItem = {
  type: "dropdown",
  label: "Next",
  mobileLabel: "Versions",
  position: "right",
  items: [
    { type: "link", label: "Next", href: "/", position: "right", external: false, version: "current", sameDoc: true },
    { type: "link", label: "1.0", href: "/1.0/", position: "right", external: false, version: "1.0" },
  ],
};

afterEach(() => localStorage.clear());

describe("NavbarItem version dropdown", () => {
  it("shows the current version in the navbar and 'Versions' in the side menu", () => {
    const { unmount } = render(<NavbarItem item={versions} page={docPage()} />);
    expect(screen.getByRole("button", { name: "Next" })).toBeTruthy();
    unmount();
    render(<NavbarItem item={versions} page={docPage()} variant="menu" />);
    expect(screen.getByRole("button", { name: "Versions" })).toBeTruthy();
  });

  it("remembers the picked version and keeps the query string and hash", () => {
    history.replaceState(null, "", "/architecture?q=bakers#rights");
    render(<NavbarItem item={versions} page={docPage()} />);
    const link = screen.getByRole("link", { name: "1.0" });
    link.addEventListener("click", (e) => e.preventDefault());
    fireEvent.click(link);
    expect(localStorage.getItem("docs-preferred-version-default")).toBe("1.0");
    expect(link.getAttribute("href")).toBe("/1.0/?q=bakers#rights");
  });

  it("leads to the same doc in the version the site shows, and to a version's first page otherwise", () => {
    history.replaceState(null, "", "/architecture/bakers#rights");
    const { unmount } = render(<NavbarItem item={versions} page={docPage({ route: "/architecture/bakers" })} />);
    const next = screen.getByRole("link", { name: "Next" });
    next.addEventListener("click", (e) => e.preventDefault());
    expect(next.getAttribute("href")).toBe("/architecture/bakers");
    fireEvent.click(next);
    expect(next.getAttribute("href")).toBe("/architecture/bakers#rights");
    expect(screen.getByRole("link", { name: "1.0" }).getAttribute("href")).toBe("/1.0/");
    unmount();
    // Off the docs (the home page), the entry leads to the version's first page.
    render(<NavbarItem item={versions} page={{ ...docPage(), kind: "home", route: "/" }} />);
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/");
  });

  it("forgets a remembered version that no longer exists", () => {
    localStorage.setItem("docs-preferred-version-default", "0.1");
    render(<NavbarItem item={versions} page={docPage()} />);
    expect(localStorage.getItem("docs-preferred-version-default")).toBeNull();
  });
});
