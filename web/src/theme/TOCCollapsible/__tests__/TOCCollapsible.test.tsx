import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docFixture } from "../../../test/fixtures";
import { TOCCollapsible } from "..";

describe("TOCCollapsible", () => {
  it("starts closed and lists the nested entries", () => {
    const { container } = render(<TOCCollapsible entries={docFixture().toc} />);
    const details = container.querySelector("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText("On this page"));
    expect(details.open).toBe(true);
    expect(container.querySelector(".tz-toc__list--nested a")?.getAttribute("href")).toBe("#transfer");
  });

  it("renders nothing without entries", () => {
    const { container } = render(<TOCCollapsible entries={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
