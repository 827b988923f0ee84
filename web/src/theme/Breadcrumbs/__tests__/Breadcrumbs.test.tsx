import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Breadcrumbs } from "..";

describe("Breadcrumbs", () => {
  it("links ancestors and marks the last crumb as the current page", () => {
    render(<Breadcrumbs items={[{ label: "Architecture", href: "/architecture" }, { label: "Tokens" }, { label: "FA2", href: "/architecture/tokens/FA2" }]} />);
    const nav = screen.getByRole("navigation", { name: "Breadcrumbs" });
    expect(nav.className).toBe("tz-breadcrumbs");
    expect(screen.getByRole("link", { name: "Home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Architecture" }).getAttribute("href")).toBe("/architecture");
    expect(screen.queryByRole("link", { name: "Tokens" })).toBeNull();
    expect(screen.queryByRole("link", { name: "FA2" })).toBeNull();
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe("FA2");
  });

  it("renders nothing for an empty trail", () => {
    const { container } = render(<Breadcrumbs items={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
