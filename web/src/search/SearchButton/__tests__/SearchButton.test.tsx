import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { resetSharedSearchClient } from "../../client";
import { jsonResponse, result } from "../../__tests__/fixtures";
import { boxText, SearchButton } from "..";

beforeEach(() => {
  localStorage.clear();
  resetSharedSearchClient();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonResponse({ results: [result([])] })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

async function dialog() {
  return screen.findByRole("dialog", { name: "Search" });
}

function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }));
  });
}

describe("SearchButton", () => {
  it("shows the box text and is labelled 'Search'", () => {
    const { unmount } = render(<SearchButton site={siteFixture()} />);
    const button = screen.getByRole("button", { name: "Search docs.example.test" });
    expect(button.textContent).toContain("Ctrl");
    expect(screen.getByRole("button", { description: /Ctrl\s*K/ })).toBe(button);
    unmount();
    render(<SearchButton site={siteFixture({ chatbot: { enabled: true, headerTitle: "", buttonPosition: "", footerText: "" } })} />);
    expect(screen.getByRole("button", { name: "Search all docs/Ask AI" })).toBeTruthy();
    expect(boxText({ url: "not a url", title: "Tezos", chatbot: { enabled: false, headerTitle: "", buttonPosition: "", footerText: "" } })).toBe("Search Tezos");
  });

  it("server-renders the button alone, with the Ctrl hint", () => {
    const html = renderToString(<SearchButton site={siteFixture()} />);
    // The accessible name is the visible box text, which starts with the label "Search"
    // (WCAG label in name); the shortcut describes it.
    expect(html).not.toContain("aria-label=");
    expect(html).toMatch(/aria-describedby="([^"]+)"[\s\S]*id="\1" aria-hidden="true"><kbd>Ctrl<\/kbd>/);
    expect(html).toContain("Search docs.example.test");
    expect(html).toContain("<kbd>Ctrl</kbd>");
    expect(html).not.toContain('role="dialog"');
  });

  it("opens on click and closes on Escape, giving focus back to the button", async () => {
    render(<SearchButton site={siteFixture()} />);
    const button = screen.getByRole("button", { name: /^Search/ });
    button.focus();
    fireEvent.click(button);
    await dialog();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(screen.getByRole("combobox"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("Ctrl+K and Cmd+K open the dialog from outside a text field and close it from its own input", async () => {
    render(<SearchButton site={siteFixture()} />);
    press("k", { ctrlKey: true });
    await dialog();
    press("k", { ctrlKey: true }, screen.getByRole("combobox"));
    expect(screen.queryByRole("dialog")).toBeNull();
    const field = document.createElement("textarea");
    const editable = document.createElement("div");
    editable.setAttribute("contenteditable", "true");
    document.body.append(field, editable);
    const typed = new KeyboardEvent("keydown", { key: "k", metaKey: true, bubbles: true, cancelable: true });
    act(() => void field.dispatchEvent(typed));
    press("k", { ctrlKey: true }, editable);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(typed.defaultPrevented).toBe(false);
    press("k", { metaKey: true });
    await dialog();
    field.remove();
    editable.remove();
  });

  it("replays a Ctrl+K the head script caught before the button hydrated", async () => {
    const stop = vi.fn();
    (window as { tzEarlyKeys?: unknown }).tzEarlyKeys = { pressed: true, stop };
    render(<SearchButton site={siteFixture()} />);
    await dialog();
    expect(stop).toHaveBeenCalled();
    expect((window as { tzEarlyKeys?: unknown }).tzEarlyKeys).toBeUndefined();
  });

  it("'/' opens the dialog unless focus is in a text field or editable content", async () => {
    render(<SearchButton site={siteFixture()} />);
    const field = document.createElement("textarea");
    const editable = document.createElement("div");
    editable.setAttribute("contenteditable", "true");
    document.body.append(field, editable);
    press("/", {}, field);
    press("/", {}, editable);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("dialog")).toBeNull();
    press("/");
    await dialog();
    // The '/' did not end up in the query.
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("");
    field.remove();
    editable.remove();
  });

  it("a letter or digit typed on the focused button becomes the initial query", async () => {
    render(<SearchButton site={siteFixture()} />);
    const button = screen.getByRole("button", { name: /^Search/ });
    button.focus();
    fireEvent.keyDown(button, { key: "Tab" });
    fireEvent.keyDown(button, { key: "Shift" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(button, { key: "b" });
    await dialog();
    const input = screen.getByRole("combobox") as HTMLInputElement;
    expect(input.value).toBe("b");
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it("pre-fills the query from ?q= in the URL", async () => {
    window.history.replaceState(null, "", "/overview/?q=smart%20rollups");
    render(<SearchButton site={siteFixture()} />);
    fireEvent.click(screen.getByRole("button", { name: /^Search/ }));
    await dialog();
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("smart rollups");
  });

  it("mounts the dialog only while open", async () => {
    render(<SearchButton site={siteFixture()} />);
    expect(document.querySelector(".tz-search")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /^Search/ }));
    await dialog();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(document.querySelector(".tz-search")).toBeNull();
  });
});
