import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docFixture } from "../../../test/fixtures";
import { TOC } from "..";

describe("TOC", () => {
  it("nests level 3 entries under their level 2 entry", () => {
    render(<TOC entries={docFixture().toc} />);
    const nav = screen.getByRole("navigation", { name: "On this page" });
    const top = nav.querySelector(":scope > ul") as HTMLElement;
    const items = top.querySelectorAll(":scope > li");
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole("link", { name: "Transfer" }).getAttribute("href")).toBe("#transfer");
    expect(first.querySelector(":scope > ul.tz-toc__list--nested")).not.toBeNull();
    expect(within(items[1] as HTMLElement).getByRole("link").textContent).toBe("Usage & more");
  });

  it("renders nothing without entries", () => {
    const { container } = render(<TOC entries={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
