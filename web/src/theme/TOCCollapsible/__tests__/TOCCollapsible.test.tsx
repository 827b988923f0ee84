import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docFixture } from "../../../test/fixtures";
import { TOCCollapsible } from "..";

describe("TOCCollapsible", () => {
  it("starts closed and lists the nested entries", () => {
    const { container } = render(<TOCCollapsible entries={docFixture().toc ?? []} />);
    const details = container.querySelector("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText("On this page"));
    expect(details.open).toBe(true);
    expect(container.querySelector(".tz-toc__list--nested a")?.getAttribute("href")).toBe("#transfer");
  });

  it("keeps deeper levels nested too", () => {
    const { container } = render(
      <TOCCollapsible
        entries={[
          { id: "a", text: "A", level: 2 },
          { id: "b", text: "B", level: 3 },
          { id: "c", text: "C", level: 4 },
        ]}
      />,
    );
    expect(container.querySelector("li > ul.tz-toc__list--nested > li > ul.tz-toc__list--nested > li > a")?.getAttribute("href")).toBe("#c");
  });

  it("renders nothing without entries", () => {
    const { container } = render(<TOCCollapsible entries={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
