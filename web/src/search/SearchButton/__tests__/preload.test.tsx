// The dialog chunk is loaded on intent (touch, focus, hover), before any click.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { siteFixture } from "../../../test/fixtures";

const loaded = vi.hoisted(() => ({ count: 0 }));

vi.mock("../../SearchDialog", () => {
  loaded.count++;
  return { SearchDialog: () => <div role="dialog" aria-label="stub" /> };
});

describe("SearchButton preloading", () => {
  it("loads the dialog module on hover, once", async () => {
    const { SearchButton } = await import("..");
    render(<SearchButton site={siteFixture()} />);
    expect(loaded.count).toBe(0);
    fireEvent.mouseEnter(screen.getByRole("button", { name: /^Search/ }));
    await vi.waitFor(() => expect(loaded.count).toBe(1));
    fireEvent.focus(screen.getByRole("button", { name: /^Search/ }));
    fireEvent.touchStart(screen.getByRole("button", { name: /^Search/ }));
    fireEvent.click(screen.getByRole("button", { name: /^Search/ }));
    expect(await screen.findByRole("dialog", { name: "stub" })).toBeTruthy();
    expect(loaded.count).toBe(1);
  });
});
