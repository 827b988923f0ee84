import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { createSearchClient } from "../../client";
import { highlight, hit, jsonResponse, result, searchFetch } from "../../__tests__/fixtures";
import { readSearchParams, SearchPage } from "..";

const settings = { indexName: "tezosdocs", hitsPerPage: 2 };

function pageOf(query: string, page: number) {
  const hits = [0, 1].map((i) => {
    const h = hit({ lvl0: "Architecture", lvl1: `${query} page ${page * 2 + i}`, lvl2: "Intro", type: "content", content: "x", url: `https://docs.tezos.com/p${page * 2 + i}#intro`, objectID: `o${page}${i}` });
    h._snippetResult = { content: highlight(`about <mark>${query}</mark> <script>x()</script>`) };
    return h;
  });
  return result(hits, { nbHits: 5, nbPages: 3, page, hitsPerPage: 2 });
}

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("readSearchParams", () => {
  it("reads q and a 1-based page", () => {
    expect(readSearchParams("?q=bakers&page=3")).toEqual({ query: "bakers", page: 3 });
    expect(readSearchParams("?page=-1")).toEqual({ query: "", page: 1 });
    expect(readSearchParams("?q=a&page=abc")).toEqual({ query: "a", page: 1 });
  });
});

describe("SearchPage", () => {
  it("server-renders an empty shell", () => {
    const html = renderToString(<SearchPage site={siteFixture()} />);
    expect(html).toContain("Search the documentation");
    expect(html).not.toContain("tz-search-page__hit");
  });

  it("searches ?q= from the URL and pages through results", async () => {
    window.history.replaceState({ tzScrollY: 5 }, "", "/search?q=bakers");
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const mock = searchFetch((q, page) => jsonResponse({ results: [pageOf(q, page)] }));
    render(<SearchPage site={siteFixture()} client={createSearchClient({ settings, fetch: mock.fetch })} />);
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("bakers");
    expect(await screen.findByText('5 results for "bakers"')).toBeTruthy();
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole("link").getAttribute("href")).toBe("/p0#intro");
    expect(items[0]!.querySelector("script")).toBeNull();
    expect(items[0]!.querySelector("mark")?.textContent).toBe("bakers");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(window.location.search).toBe("?q=bakers&page=2");
    expect(window.history.state).toEqual({ tzScrollY: 5 });
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(await screen.findByText("bakers page 2")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Intro" })[0]!.getAttribute("href")).toBe("/p2#intro");
    expect((mock.calls[1]?.body as { requests: { page?: number }[] }).requests[0]?.page).toBe(1);
  });

  it("typing updates ?q= and starts again from the first page", async () => {
    window.history.replaceState(null, "", "/search?q=bakers&page=2");
    const mock = searchFetch((q, page) => jsonResponse({ results: [pageOf(q, page)] }));
    render(<SearchPage site={siteFixture()} client={createSearchClient({ settings, fetch: mock.fetch })} />);
    fireEvent.change(screen.getByRole("searchbox"), { target: highlight("rollups") });
    expect(window.location.search).toBe("?q=rollups");
    expect(await screen.findByText('5 results for "rollups"')).toBeTruthy();
  });

  it("shows no results and errors", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    window.history.replaceState(null, "", "/search?q=qwxzv");
    const mock = searchFetch((q) => (q === "qwxzv" ? jsonResponse({ results: [result([])] }) : jsonResponse({}, 500)));
    render(<SearchPage site={siteFixture()} client={createSearchClient({ settings, fetch: mock.fetch, backoffMs: [0] })} />);
    expect((await screen.findByText("No results found for", { exact: false })).textContent).toContain("qwxzv");
    await act(async () => {
      fireEvent.change(screen.getByRole("searchbox"), { target: highlight("down") });
    });
    expect(await screen.findByText("Unable to fetch results")).toBeTruthy();
  });
});
