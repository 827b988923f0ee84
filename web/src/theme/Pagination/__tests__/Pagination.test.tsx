import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Pagination } from "..";

describe("Pagination", () => {
  it("labels the previous and next links with the page titles", () => {
    render(<Pagination prev={{ title: "Tokens", href: "/tokens" }} next={{ title: "FA2", href: "/tokens/FA2" }} />);
    const nav = screen.getByRole("navigation", { name: "Docs pages" });
    expect(nav.className).toBe("tz-pagination");
    expect(screen.getByRole("link", { name: "Previous Tokens" }).getAttribute("href")).toBe("/tokens");
    expect(screen.getByRole("link", { name: "Next FA2" }).getAttribute("href")).toBe("/tokens/FA2");
  });

  it("renders only the link that exists", () => {
    render(<Pagination next={{ title: "Part 2", href: "/part-2" }} />);
    expect(screen.queryByText("Previous")).toBeNull();
    expect(screen.getByRole("link", { name: "Next Part 2" })).toBeTruthy();
  });

  it("renders nothing without links", () => {
    const { container } = render(<Pagination />);
    expect(container.innerHTML).toBe("");
  });
});
