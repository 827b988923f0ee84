import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { homeFixture } from "../../../test/fixtures";
import { groupCards, HomePage } from "..";

describe("HomePage", () => {
  it("renders the hero, the cards as links and the markdown below them", () => {
    const { container } = render(<HomePage page={homeFixture()} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Tezos Documentation");
    expect(screen.getByText("Build on Tezos")).toBeTruthy();
    const cards = container.querySelectorAll("a.tz-card");
    expect([...cards].map((a) => a.getAttribute("href"))).toEqual(["/using/wallets", "/smart-contracts", "/tutorials/bake-with-ledger"]);
    expect(screen.getByRole("link", { name: /Write a contract/ }).textContent).toContain("Your first smart contract");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Beginner", "Intermediate", "Advanced"]);
    const md = container.querySelector(".tz-markdown[data-tz-markdown]");
    expect(md?.textContent).toBe("Welcome below the cards.");
    // The markdown comes after the cards.
    expect(cards[2]?.compareDocumentPosition(md as Node) ?? 0).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("omits the markdown element when the page has none", () => {
    const { container } = render(<HomePage page={homeFixture({ html: "" })} />);
    expect(container.querySelector("[data-tz-markdown]")).toBeNull();
  });
});

describe("groupCards", () => {
  it("keeps first-seen group order and puts ungrouped cards together", () => {
    const g = groupCards([
      { title: "a", description: "", href: "/a", group: "B" },
      { title: "b", description: "", href: "/b" },
      { title: "c", description: "", href: "/c", group: "B" },
    ]);
    expect(g.map((x) => [x.group, x.cards.map((c) => c.title)])).toEqual([
      ["B", ["a", "c"]],
      ["", ["b"]],
    ]);
  });
});
