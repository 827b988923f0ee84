import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { DocSidebar, revealCurrent } from "..";

const items = siteFixture().sidebars.documentation ?? [];

describe("DocSidebar", () => {
  it("marks the active link with aria-current and expands its parent categories", () => {
    render(<DocSidebar items={items} route="/architecture/tokens/FA1.2" />);
    const active = screen.getByRole("link", { name: "FA1.2" });
    expect(active.getAttribute("aria-current")).toBe("page");
    expect(active.className).toContain("tz-sidebar__link--active");
    expect(screen.getByRole("button", { name: "Collapse sidebar category 'Architecture'" }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("button", { name: "Tokens" }).getAttribute("aria-expanded")).toBe("true");
    // A collapsed category that does not hold the page stays closed.
    expect(screen.getByRole("button", { name: "Smart contracts" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Views" })).toBeNull();
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it("collapses and expands a category on click", () => {
    render(<DocSidebar items={items} route="/overview/" />);
    const button = screen.getByRole("button", { name: "Smart contracts" });
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Views" })).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Views" })).toBeNull();
  });

  it("keeps an opened category mounted but hidden once collapsed, wired with aria-controls", () => {
    render(<DocSidebar items={items} route="/overview/" />);
    const button = screen.getByRole("button", { name: "Smart contracts" });
    expect(button.hasAttribute("aria-controls")).toBe(false);
    fireEvent.click(button);
    const list = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(list?.tagName).toBe("UL");
    expect(list?.hidden).toBe(false);
    fireEvent.click(button);
    expect(list?.isConnected).toBe(true);
    expect(list?.hidden).toBe(true);
  });

  it("animates a category's height, in 1 ms under reduced motion", () => {
    const durations: (number | undefined)[] = [];
    const original = HTMLElement.prototype.animate;
    HTMLElement.prototype.animate = function (this: HTMLElement, frames: Keyframe[], opts?: number | KeyframeAnimationOptions) {
      durations.push(typeof opts === "object" ? Number(opts.duration) : opts);
      return { onfinish: null, cancel() {}, frames } as unknown as Animation;
    };
    try {
      const reduced = { value: false };
      vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce") && reduced.value }));
      render(<DocSidebar items={items} route="/overview/" />);
      const button = screen.getByRole("button", { name: "Smart contracts" });
      fireEvent.click(button);
      reduced.value = true;
      fireEvent.click(button);
      expect(durations).toHaveLength(2);
      expect(durations[0]).toBeGreaterThanOrEqual(150);
      expect(durations[1]).toBe(1);
    } finally {
      HTMLElement.prototype.animate = original;
      vi.unstubAllGlobals();
    }
  });

  it("marks a category's own page as current", () => {
    render(<DocSidebar items={items} route="/architecture" />);
    expect(screen.getByRole("link", { name: "Architecture" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Accounts" }).getAttribute("aria-current")).toBeNull();
  });

  it("expands the categories of the new page after navigation", () => {
    const { rerender } = render(<DocSidebar items={items} route="/overview/" />);
    expect(screen.queryByRole("link", { name: "Views" })).toBeNull();
    rerender(<DocSidebar items={items} route="/smart-contracts/views" />);
    expect(screen.getByRole("link", { name: "Views" }).getAttribute("aria-current")).toBe("page");
  });

  it("renders html items raw and marks external links", () => {
    const { container } = render(<DocSidebar items={items} route="/overview/" />);
    expect(container.querySelector("li.sidebar-sep > hr.sep")).not.toBeNull();
    const ext = screen.getByRole("link", { name: "Octez docs (opens in new tab)" });
    expect(ext.getAttribute("rel")).toBe("noopener noreferrer");
  });
});

describe("revealCurrent", () => {
  function sidebarWithCurrentAt(linkTop: number) {
    const nav = document.createElement("nav");
    const link = document.createElement("a");
    link.setAttribute("aria-current", "page");
    nav.append(link);
    Object.defineProperties(nav, { scrollHeight: { value: 2000 }, clientHeight: { value: 600 } });
    Object.defineProperty(link, "offsetHeight", { value: 30 });
    nav.getBoundingClientRect = () => ({ top: 60 }) as DOMRect;
    link.getBoundingClientRect = () => ({ top: 60 + linkTop - nav.scrollTop }) as DOMRect;
    return nav;
  }

  it("scrolls a link below the fold to a third of the sidebar height", () => {
    const nav = sidebarWithCurrentAt(1500);
    revealCurrent(nav);
    expect(nav.scrollTop).toBe(1300);
  });

  it("leaves a visible link alone", () => {
    const nav = sidebarWithCurrentAt(100);
    revealCurrent(nav);
    expect(nav.scrollTop).toBe(0);
  });
});
