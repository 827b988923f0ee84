import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LastUpdated } from "..";

describe("LastUpdated", () => {
  it.each([
    ["2026-11-22", "Last updated on Nov 22, 2026"],
    ["2025-03-09", "Last updated on Mar 9, 2025"],
    ["2024-12-31T08:00:00Z", "Last updated on Dec 31, 2024"],
  ])("shows %s as %j", (date, text) => {
    const { container } = render(<LastUpdated date={date} />);
    const p = container.querySelector("p.tz-last-updated");
    expect(p?.textContent).toBe(text);
    expect(p?.querySelector("time")?.getAttribute("datetime")).toBe(date.slice(0, 10));
  });

  it.each([undefined, "", "not a date", "2026-02-30"])("renders nothing for %j", (date) => {
    const { container } = render(<LastUpdated date={date} />);
    expect(container.innerHTML).toBe("");
  });
});
