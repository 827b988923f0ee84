import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { BaseUrlBanner } from "..";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("BaseUrlBanner", () => {
  it("says nothing when the page is under the base URL", () => {
    window.history.replaceState(null, "", "/overview/glossary");
    const { container } = render(<BaseUrlBanner baseUrl="/" route="/overview/glossary" />);
    expect(container.innerHTML).toBe("");
  });

  it("warns and suggests the base URL the page is served under", () => {
    window.history.replaceState(null, "", "/overview/glossary");
    render(<BaseUrlBanner baseUrl="/docs/" route="/overview/glossary" />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Your Docusaurus site did not load properly");
    expect(alert.textContent).toContain("baseUrl to /.");
  });

  it("suggests the path in front of the page's route", () => {
    window.history.replaceState(null, "", "/mirror/overview/glossary");
    render(<BaseUrlBanner baseUrl="/docs/" route="/overview/glossary" />);
    expect(screen.getByRole("alert").textContent).toContain("baseUrl to /mirror/.");
  });

  it("is never part of the server render", () => {
    expect(renderToString(<BaseUrlBanner baseUrl="/elsewhere/" route="/a" />)).toBe("");
  });
});
