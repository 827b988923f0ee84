import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageActions } from "..";
import { docFixture, siteFixture } from "../../../test/fixtures";

const page = docFixture({ markdown: "/architecture/tokens/FA1.2.md" });

const writeText = vi.fn(async (_text: string) => {});

/** Renders the menu with fetch answering `markdown` (or failing) and a clipboard that records. */
function setup(markdown: string | null = "# FA1.2 tokens\n") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => (markdown === null ? new Response("", { status: 404 }) : new Response(markdown))),
  );
  Object.defineProperty(window.navigator, "clipboard", { value: { writeText }, configurable: true });
  render(<PageActions site={siteFixture()} page={page} />);
  return { toggle: screen.getByRole("button", { name: "More page options" }) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  writeText.mockClear();
});

describe("PageActions", () => {
  it("renders nothing for a page without Markdown", () => {
    const { container } = render(<PageActions site={siteFixture()} page={docFixture()} />);
    expect(container.innerHTML).toBe("");
  });

  it("links the Markdown and the assistants without requesting anything", () => {
    const { toggle } = setup();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "View as Markdown" }).getAttribute("href")).toBe("/architecture/tokens/FA1.2.md");
    const prompt = "Read https://docs.example.test/architecture/tokens/FA1.2.md so that I can ask you questions about it.";
    const chat = screen.getByRole("link", { name: /Open in ChatGPT/ });
    expect(new URL(chat.getAttribute("href") ?? "").searchParams.get("q")).toBe(prompt);
    expect(chat.getAttribute("target")).toBe("_blank");
    expect(chat.getAttribute("rel")).toBe("noopener noreferrer");
    const claude = screen.getByRole("link", { name: /Open in Claude/ });
    expect(new URL(claude.getAttribute("href") ?? "").searchParams.get("q")).toBe(prompt);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("copies the page's Markdown and says so, then says Copy again", async () => {
    vi.useFakeTimers();
    setup();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy page" }));
    });
    expect(fetch).toHaveBeenCalledWith("/architecture/tokens/FA1.2.md");
    expect(writeText).toHaveBeenCalledWith("# FA1.2 tokens\n");
    expect(screen.getByRole("status").textContent).toBe("Copied");
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole("button", { name: "Copy page" })).toBeTruthy();
  });

  it("says when copying failed", async () => {
    setup(null);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy page" }));
    });
    expect(screen.getByRole("status").textContent).toBe("Copy failed");
    expect(writeText).not.toHaveBeenCalled();
  });

  it("closes on Escape, returning focus to its button, and on a click outside", () => {
    const { toggle } = setup();
    fireEvent.click(toggle);
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(menu?.hidden).toBe(false);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menu?.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(menu?.hidden).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});
