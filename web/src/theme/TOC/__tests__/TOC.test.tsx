import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docFixture } from "../../../test/fixtures";
import { TOC } from "..";

describe("TOC", () => {
  it("nests level 3 entries under their level 2 entry", () => {
    render(<TOC entries={docFixture().toc ?? []} />);
    const nav = screen.getByRole("navigation", { name: "On this page" });
    const top = nav.querySelector(":scope > ul") as HTMLElement;
    const items = top.querySelectorAll(":scope > li");
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole("link", { name: "Transfer" }).getAttribute("href")).toBe("#transfer");
    expect(first.querySelector(":scope > ul.tz-toc__list--nested")).not.toBeNull();
    expect(within(items[1] as HTMLElement).getByRole("link").textContent).toBe("Usage & more");
  });

  it("nests h4 entries under their h3, inside their h2, with a nested list at each depth", () => {
    render(
      <TOC
        entries={[
          { id: "periods", text: "Periods", level: 2 },
          { id: "proposal", text: "Proposal", level: 3 },
          { id: "submitting", text: "Submitting", level: 4 },
          { id: "why", text: "Why", level: 2 },
        ]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "On this page" });
    const itemOf = (name: string) => within(nav).getByRole("link", { name }).closest("li") as HTMLElement;
    const top = nav.querySelector(":scope > ul") as HTMLElement;
    expect([...top.querySelectorAll(":scope > li > a")].map((a) => a.textContent)).toEqual(["Periods", "Why"]);
    expect(itemOf("Proposal").parentElement?.closest("li")).toBe(itemOf("Periods"));
    expect(itemOf("Submitting").parentElement?.closest("li")).toBe(itemOf("Proposal"));
    expect(itemOf("Submitting").parentElement?.classList.contains("tz-toc__list--nested")).toBe(true);
  });

  it("renders nothing without entries", () => {
    const { container } = render(<TOC entries={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
