import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Navigator, staticStore } from "../../../lib/navigation";
import { NavigationContext } from "../../../lib/useRoute";
import { docFixture, homeFixture, siteFixture } from "../../../test/fixtures";
import { App } from "..";

describe("App", () => {
  it.each([
    ["doc", docFixture(), "FA1.2 tokens"],
    ["home", homeFixture(), "Tezos Documentation"],
    ["page", docFixture({ kind: "page", title: "Markdown page", sidebar: undefined }), "Markdown page"],
    ["notfound", docFixture({ kind: "notfound", sidebar: undefined }), "Page Not Found"],
  ])("renders a %s page with its title as the only h1", (_kind, page, h1) => {
    render(<App store={staticStore(siteFixture(), page)} />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([h1]);
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe("#tz-main");
    expect(document.getElementById("tz-main")?.tagName).toBe("MAIN");
  });

  it("gives the search page a <main> for the skip link", () => {
    render(<App store={staticStore(siteFixture(), docFixture({ kind: "search", route: "/search", sidebar: undefined }))} />);
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe("#tz-main");
    expect(document.getElementById("tz-main")?.tagName).toBe("MAIN");
    expect(document.querySelectorAll("main")).toHaveLength(1);
  });

  it("renders a doc page without a sidebar column when the page has none", () => {
    const { container } = render(<App store={staticStore(siteFixture(), docFixture({ sidebar: undefined }))} />);
    expect(container.querySelector(".tz-sidebar")).toBeNull();
    expect(container.querySelector(".tz-doc-layout--no-sidebar")).not.toBeNull();
  });

  it("hides the table of contents when the page asks", () => {
    const { container } = render(<App store={staticStore(siteFixture(), docFixture({ hideTableOfContents: true }))} />);
    expect(container.querySelector(".tz-toc")).toBeNull();
  });

  it("draws the title unless the page hides it", () => {
    const shown = render(<App store={staticStore(siteFixture(), docFixture())} />);
    expect(shown.container.querySelector("h1.tz-doc__title")).not.toBeNull();
    shown.unmount();
    const { container } = render(<App store={staticStore(siteFixture(), docFixture({ hideTitle: true }))} />);
    expect(container.querySelector("h1.tz-doc__title")).toBeNull();
  });

  it("shows the page's own heading over its front-matter title", () => {
    const { container } = render(<App store={staticStore(siteFixture(), docFixture({ title: "Long title for search", heading: "Short heading" }))} />);
    expect(container.querySelector("h1.tz-doc__title")?.textContent).toBe("Short heading");
  });

  it("shows the progress bar while the store says loading, and announces the new page", async () => {
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    vi.useFakeTimers();
    let resolve!: (p: ReturnType<typeof docFixture>) => void;
    const nav = new Navigator({ site: siteFixture(), page: docFixture(), fetchPage: () => new Promise((r) => (resolve = r)) });
    const { container } = render(<App store={nav} />);
    const done = nav.navigate("/architecture/accounts");
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(container.querySelector(".tz-progress[role=progressbar]")).not.toBeNull();
    await act(async () => {
      resolve(docFixture({ route: "/architecture/accounts", title: "Accounts" }));
      await done;
    });
    vi.useRealTimers();
    expect(container.querySelector(".tz-progress")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Accounts");
    expect(container.querySelector("[aria-live=polite]")?.textContent).toBe("Accounts, page loaded");
  });

  it("shows 'This page crashed.' inside the layout when a page fails to render, and Try again reloads it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const bad = { ...docFixture(), breadcrumbs: null } as unknown as ReturnType<typeof docFixture>;
    const nav = new Navigator({
      site: siteFixture(),
      page: bad,
      fetchPage: () => Promise.resolve(docFixture()),
      fetchSite: () => Promise.resolve(siteFixture()),
    });
    render(
      <NavigationContext value={nav}>
        <App store={nav} />
      </NavigationContext>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This page crashed.");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.getByText("Error details")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("FA1.2 tokens");
  });

  it("shows the generic error page when the layout itself fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const site = { ...siteFixture(), navbar: null } as unknown as ReturnType<typeof siteFixture>;
    render(<App store={staticStore(site, docFixture())} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
