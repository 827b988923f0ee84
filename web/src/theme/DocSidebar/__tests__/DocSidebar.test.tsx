import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { DocSidebar } from "..";

const items = siteFixture().sidebars.documentation ?? [];

describe("DocSidebar", () => {
  it("marks the active link with aria-current and expands its parent categories", () => {
    render(<DocSidebar items={items} route="/architecture/tokens/FA1.2" />);
    const active = screen.getByRole("link", { name: "FA1.2" });
    expect(active.getAttribute("aria-current")).toBe("page");
    expect(active.className).toContain("tz-sidebar__link--active");
    expect(screen.getByRole("button", { name: "Collapse sidebar category 'Architecture'" }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("button", { name: "Tokens" }).getAttribute("aria-expanded")).toBe("true");
    // A collapsed category that does not hold the page stays closed.
    expect(screen.getByRole("button", { name: "Smart contracts" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Views" })).toBeNull();
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it("collapses and expands a category on click", () => {
    render(<DocSidebar items={items} route="/overview/" />);
    const button = screen.getByRole("button", { name: "Smart contracts" });
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Views" })).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Views" })).toBeNull();
  });

  it("marks a category's own page as current", () => {
    render(<DocSidebar items={items} route="/architecture" />);
    expect(screen.getByRole("link", { name: "Architecture" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Accounts" }).getAttribute("aria-current")).toBeNull();
  });

  it("expands the categories of the new page after navigation", () => {
    const { rerender } = render(<DocSidebar items={items} route="/overview/" />);
    expect(screen.queryByRole("link", { name: "Views" })).toBeNull();
    rerender(<DocSidebar items={items} route="/smart-contracts/views" />);
    expect(screen.getByRole("link", { name: "Views" }).getAttribute("aria-current")).toBe("page");
  });

  it("renders html items raw and marks external links", () => {
    const { container } = render(<DocSidebar items={items} route="/overview/" />);
    expect(container.querySelector("li.sidebar-sep > hr.sep")).not.toBeNull();
    const ext = screen.getByRole("link", { name: "Octez docs (opens in new tab)" });
    expect(ext.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
