import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Footer as FooterData } from "../../../lib/contract";
import { Footer } from "..";

const base: FooterData = { style: "light", columns: [], links: [], copyright: "© 2026 <em>Tezos</em>" };

describe("Footer", () => {
  it("renders a single row separated by middle dots", () => {
    const { container } = render(
      <Footer
        footer={{
          ...base,
          links: [
            { label: "A", href: "/a", external: false },
            { label: "B", href: "https://b.example.test", external: true },
            { label: "C", href: "/c", external: false },
          ],
        }}
      />,
    );
    expect(container.querySelector(".tz-footer__row")?.textContent).toBe("A · B (opens in new tab) · C");
    expect(container.querySelector(".tz-footer__copyright em")?.textContent).toBe("Tezos");
  });

  it("renders titled columns", () => {
    render(<Footer footer={{ ...base, style: "dark", columns: [{ title: "Docs", items: [{ label: "Overview", href: "/overview/", external: false }] }] }} />);
    expect(screen.getByText("Docs").className).toBe("tz-footer__title");
    expect(screen.getByRole("link", { name: "Overview" }).getAttribute("href")).toBe("/overview/");
    expect(screen.getByRole("contentinfo").className).toContain("tz-footer--dark");
  });
});
