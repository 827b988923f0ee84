import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetStorageWarning } from "../../../lib/storage";
import type { SiteData } from "../../../lib/contract";
import { siteFixture } from "../../../test/fixtures";
import { createSearchClient, type SearchClient } from "../../client";
import { Insights } from "../../insights";
import { SavedSearches } from "../../recent";
import type { SearchResult } from "../../types";
import { highlight, hit, jsonResponse, result, searchFetch } from "../../__tests__/fixtures";
import type { AssistantViewProps } from "../../../assistant/AssistantView";
import { ConversationHistory } from "../../../assistant/history";
import { SearchDialog, type SearchDialogProps } from "..";

const settings = { indexName: "tezosdocs", hitsPerPage: 20 };

function bakersResult(): SearchResult {
  const page = hit({ lvl0: "Architecture", lvl1: "Bakers", objectID: "bakers", url: "https://docs.tezos.com/architecture/bakers" });
  page._highlightResult = { hierarchy: { lvl1: highlight("<mark>Bakers</mark>") } };
  const rights = hit({ lvl0: "Architecture", lvl1: "Bakers", lvl2: "Baking rights", objectID: "rights", url: "https://docs.tezos.com/architecture/bakers#baking-rights" });
  rights._highlightResult = { hierarchy: { lvl2: highlight("<mark>Baking</mark> rights") } };
  const text = hit({ lvl0: "Architecture", lvl1: "Bakers", lvl2: "Baking rights", type: "content", content: "Bakers get rights", objectID: "text", url: "https://docs.tezos.com/architecture/bakers#baking-rights" });
  text._snippetResult = { content: highlight('<mark>Bakers</mark> get <img src=x onerror="window.__pwned=1"> rights') };
  const tut = hit({ lvl0: "Tutorials", lvl1: "Bake with a Ledger", objectID: "ledger", url: "https://docs.tezos.com/tutorials/bake-with-ledger" });
  return result([page, rights, text, tut], { nbHits: 42, queryID: "qid-bakers" });
}

interface Setup {
  props?: Partial<SearchDialogProps>;
  site?: SiteData;
  answer?: (query: string) => Response | Promise<Response>;
  client?: SearchClient;
}

function setup({ props = {}, site = siteFixture(), answer, client }: Setup = {}) {
  const mock = searchFetch(answer ?? ((q) => jsonResponse({ results: [q === "bakers" ? bakersResult() : result([], { query: q })] })));
  const insightsFetch = vi.fn(async () => new Response("", { status: 404 }));
  const insights = new Insights({ index: "tezosdocs", fetch: insightsFetch as unknown as typeof fetch, userToken: "anonymous-t" });
  const saved = new SavedSearches();
  const onClose = vi.fn();
  const view = render(<SearchDialog site={site} onClose={onClose} client={client ?? createSearchClient({ settings, fetch: mock.fetch, backoffMs: [0] })} saved={saved} insights={insights} {...props} />);
  const input = screen.getByRole("combobox");
  return { ...view, mock, insightsFetch, saved, onClose, input };
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

beforeEach(() => {
  localStorage.clear();
  resetStorageWarning();
});

describe("SearchDialog: modal", () => {
  it("is a labelled modal dialog with a focused combobox", () => {
    const { input } = setup();
    const dialog = screen.getByRole("dialog", { name: "Search" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute("placeholder")).toBe("Search docs");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
    // Mounted in a portal on the body.
    expect(dialog.closest("body > *")?.parentElement).toBe(document.body);
  });

  it("closes on Escape and on a backdrop click", () => {
    const { input, onClose, container } = setup();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    const backdrop = document.querySelector(".tz-search-backdrop")!;
    fireEvent.mouseDown(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(screen.getByRole("dialog"));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(container).toBeTruthy();
  });

  it("traps Tab inside the dialog and gives focus back on close", () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const { input, unmount } = setup({ props: { initialQuery: "x" } });
    const cancel = screen.getByRole("button", { name: "Cancel" });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: "Tab" });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it("locks page scroll while open", () => {
    const { unmount } = setup();
    expect(document.body.style.overflow).toBe("hidden");
    unmount();
    expect(document.body.style.overflow).toBe("");
  });
});

describe("SearchDialog: start screen", () => {
  it("says there are no recent searches at first", () => {
    setup();
    expect(screen.getByText("No recent searches")).toBeTruthy();
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("lists recent and favorite searches, saves and removes them", () => {
    const { saved } = setup();
    act(() => {
      saved.pick({ id: "a", title: "Baking rights", page: "Bakers", section: "Architecture", url: "/architecture/bakers#baking-rights", query: "bakers" });
      saved.pick({ id: "b", title: "Accounts", page: "Accounts", section: "Architecture", url: "/architecture/accounts", query: "accounts" });
    });
    // Re-render by typing and clearing.
    type(screen.getByRole("combobox"), "x");
    type(screen.getByRole("combobox"), "");
    const grid = screen.getByRole("grid", { name: "Search" });
    expect(screen.getByRole("combobox").getAttribute("aria-controls")).toBe(grid.id);
    expect(screen.getByRole("combobox").getAttribute("aria-haspopup")).toBe("grid");
    const recent = screen.getByRole("rowgroup", { name: "Recent" });
    expect(within(recent).getAllByRole("gridcell", { selected: true }).map((o) => o.textContent)).toEqual(["Accounts"]);
    expect(within(recent).getAllByRole("row").map((o) => o.textContent)).toEqual(["Accounts", "Baking rightsBakers"]);
    // ↓ moves to the second row; its first cell is the active descendant.
    fireEvent.keyDown(screen.getByRole("combobox"), { key: "ArrowDown" });
    expect(screen.getByRole("combobox").getAttribute("aria-activedescendant")).toBe(within(recent).getAllByRole("row")[1]!.firstElementChild!.id);
    fireEvent.click(within(recent).getByRole("button", { name: "Save this search: Baking rights" }));
    const fav = screen.getByRole("rowgroup", { name: "Favorite" });
    expect(within(fav).getByRole("link").getAttribute("href")).toBe("/architecture/bakers#baking-rights");
    expect(saved.favorites.getAll().map((e) => e.id)).toEqual(["a"]);
    fireEvent.click(within(fav).getByRole("button", { name: "Remove this search from favorites: Baking rights" }));
    expect(screen.queryByRole("rowgroup", { name: "Favorite" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove this search from history: Accounts" }));
    expect(screen.getByText("No recent searches")).toBeTruthy();
    expect(localStorage.getItem("tz-search-recent")).toBe("[]");
  });

  it("shows 'Recent conversations' only when conversations are provided", () => {
    const onSelectConversation = vi.fn();
    setup({ props: { conversations: [{ id: "c1", title: "How do I stake?" }], onSelectConversation } });
    const group = screen.getByRole("rowgroup", { name: "Recent conversations" });
    fireEvent.keyDown(screen.getByRole("combobox"), { key: "Enter" });
    expect(onSelectConversation).toHaveBeenCalledWith("c1");
    expect(group).toBeTruthy();
  });

  it("lists the conversations Ask AI stored, opens one in AI mode and removes one", async () => {
    const history = new ConversationHistory();
    for (const id of ["c1", "c2"]) history.save({ id, title: "", feedback: {}, updatedAt: 1, messages: [{ id: `${id}u`, role: "user", parts: [{ type: "text", text: `Question ${id}` }] }] });
    const FakeAssistant = (p: AssistantViewProps) => <p>Conversation {p.conversationId}</p>;
    const site = siteFixture({ askAi: { enabled: true, assistantId: "a", suggestedQuestions: [], disclaimer: "AI answers can be wrong." } });
    setup({ site, props: { loadAssistant: async () => ({ default: FakeAssistant }) } });
    const group = screen.getByRole("rowgroup", { name: "Recent conversations" });
    expect(within(group).getAllByRole("row").map((r) => r.textContent)).toEqual(["Question c2", "Question c1"]);
    fireEvent.click(within(group).getByRole("button", { name: "Remove this conversation from history: Question c2" }));
    expect(history.list().map((c) => c.id)).toEqual(["c1"]);
    expect(within(screen.getByRole("rowgroup", { name: "Recent conversations" })).getAllByRole("row")).toHaveLength(1);
    fireEvent.click(screen.getByText("Question c1"));
    await screen.findByText("Conversation c1");
  });

  it("has no conversation section without the prop", () => {
    setup();
    expect(screen.queryByText("Recent conversations")).toBeNull();
  });
});

describe("SearchDialog: results", () => {
  it("groups by section, page first, children indented under it", async () => {
    const { input, mock } = setup();
    type(input, "bakers");
    const arch = await screen.findByRole("group", { name: "Architecture" });
    const options = within(arch).getAllByRole("option");
    expect(options.map((o) => o.parentElement!.className.includes("--child"))).toEqual([false, true, true]);
    expect(options[0]!.textContent).toContain("Bakers");
    expect(options[1]!.getAttribute("href")).toBe("/architecture/bakers#baking-rights");
    expect(screen.getByRole("group", { name: "Tutorials" })).toBeTruthy();
    expect(mock.calls).toHaveLength(1);
  });

  it("renders only <mark> from highlight HTML", async () => {
    const { input } = setup();
    type(input, "bakers");
    const arch = await screen.findByRole("group", { name: "Architecture" });
    expect(arch.querySelectorAll("mark").length).toBeGreaterThan(0);
    expect(document.querySelector(".tz-search img")).toBeNull();
    expect(arch.textContent).toContain('<img src=x onerror="window.__pwned=1">');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("limits each section to maxResultsPerGroup", async () => {
    const hits = Array.from({ length: 7 }, (_, i) => hit({ lvl0: "Smart contracts", lvl1: `Page ${i}`, objectID: `p${i}` }));
    const site = siteFixture({ search: { ...siteFixture().search, maxResultsPerGroup: 3 } });
    const { input } = setup({ site, answer: () => jsonResponse({ results: [result(hits)] }) });
    type(input, "page");
    const group = await screen.findByRole("group", { name: "Smart contracts" });
    expect(within(group).getAllByRole("option")).toHaveLength(3);
  });

  it("links 'See all N results' to the search page with the query", async () => {
    const { input } = setup();
    type(input, "bakers");
    const link = await screen.findByRole("link", { name: "See all 42 results" });
    expect(link.getAttribute("href")).toBe("/search?q=bakers");
  });

  it("leaves results matching externalUrlRegex untouched", async () => {
    const ext = hit({ lvl0: "Octez", lvl1: "Octez manual", objectID: "ext", url: "https://octez.tezos.com/docs/introduction" });
    const site = siteFixture({ search: { ...siteFixture().search, externalUrlRegex: "octez\\.tezos\\.com" } });
    const { input } = setup({ site, answer: () => jsonResponse({ results: [result([ext, hit({ lvl1: "Bakers", url: "https://docs.tezos.com/architecture/bakers" })])] }) });
    type(input, "octez");
    const group = await screen.findByRole("group", { name: "Octez" });
    expect(within(group).getByRole("option").getAttribute("href")).toBe("https://octez.tezos.com/docs/introduction");
    expect(within(screen.getByRole("group", { name: "Architecture" })).getByRole("option").getAttribute("href")).toBe("/architecture/bakers");
  });

  it("moves through options with ↑ ↓ (wrapping) via aria-activedescendant", async () => {
    const { input } = setup();
    type(input, "bakers");
    await screen.findByRole("group", { name: "Architecture" });
    const options = screen.getAllByRole("option");
    expect(options).toHaveLength(4);
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[2]!.id);
    expect(screen.getAllByRole("option")[2]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[3]!.id);
    expect(input.getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
  });

  it("Enter clicks the active link (so site navigation handles it), saves it as recent, sends a click event and closes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const clicks: string[] = [];
    const listener = (e: MouseEvent) => {
      const a = (e.target as Element).closest("a");
      if (a) clicks.push(a.getAttribute("href") ?? "");
      e.preventDefault();
    };
    document.addEventListener("click", listener);
    try {
      const { input, saved, insightsFetch, onClose } = setup();
      type(input, "bakers");
      await screen.findByRole("group", { name: "Architecture" });
      fireEvent.keyDown(input, { key: "ArrowDown" });
      fireEvent.keyDown(input, { key: "Enter" });
      expect(clicks).toEqual(["/architecture/bakers#baking-rights"]);
      expect(saved.recent.getAll()[0]).toMatchObject({ id: "rights", title: "Baking rights", url: "/architecture/bakers#baking-rights", query: "bakers" });
      const bodies = insightsFetch.mock.calls.map((c) => JSON.parse(String((c as unknown as [string, RequestInit])[1].body)) as { events: { eventType: string }[] });
      expect(bodies.find((b) => b.events[0]!.eventType === "click")).toEqual({
        events: [{ eventType: "click", eventName: "Item Selected", index: "tezosdocs", queryID: "qid-bakers", objectIDs: ["rights"], positions: [2], userToken: "anonymous-t" }],
      });
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(onClose).toHaveBeenCalled();
    } finally {
      document.removeEventListener("click", listener);
      vi.useRealTimers();
    }
  });

  it("sends one view event 400 ms after results settle", async () => {
    const { input, insightsFetch } = setup();
    type(input, "bakers");
    await screen.findByRole("group", { name: "Architecture" });
    expect(insightsFetch).not.toHaveBeenCalled();
    await act(() => new Promise((r) => setTimeout(r, 450)));
    expect(insightsFetch).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String((insightsFetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as { events: { eventType: string; objectIDs: string[] }[] };
    expect(body.events[0]).toMatchObject({ eventType: "view", objectIDs: ["bakers", "rights", "text", "ledger"] });
  });

  it("puts an 'Ask AI: <query>' row first when Ask AI is on; it opens AI mode and Escape leaves it", async () => {
    const onAskAi = vi.fn();
    const seen: AssistantViewProps[] = [];
    const FakeAssistant = (p: AssistantViewProps) => {
      seen.push(p);
      return (
        <div>
          AI for {p.initialQuestion}
          <button type="button" onClick={() => p.onSearch?.("stake tez")}>
            search it
          </button>
        </div>
      );
    };
    const site = siteFixture({ askAi: { enabled: true, assistantId: "a", suggestedQuestions: [], disclaimer: "AI answers can be wrong." } });
    const { input, onClose } = setup({ site, props: { onAskAi, loadAssistant: async () => ({ default: FakeAssistant }) } });
    type(input, "bakers");
    await screen.findByRole("group", { name: "Architecture" });
    const first = screen.getAllByRole("option")[0]!;
    expect(first.textContent).toContain("Ask AI: bakers");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onAskAi).toHaveBeenCalledWith("bakers");
    await screen.findByText("AI for bakers");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByRole("button", { name: "Back to search" })).toBeTruthy();

    fireEvent.keyDown(screen.getByText("AI for bakers"), { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    const back = screen.getByRole("combobox") as HTMLInputElement;
    expect(back.value).toBe("bakers");
    // The input has focus as soon as it is back, so the next key goes to the dialog.
    expect(document.activeElement).toBe(back);
    fireEvent.keyDown(back, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on Escape even when focus has left the dialog", () => {
    const { onClose } = setup();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("runs a clicked 'Searched for' query as a keyword search, leaving AI mode", async () => {
    const FakeAssistant = (p: AssistantViewProps) => (
      <button type="button" onClick={() => p.onSearch?.("bakers")}>
        search it
      </button>
    );
    const site = siteFixture({ askAi: { enabled: true, assistantId: "a", suggestedQuestions: [], disclaimer: "AI answers can be wrong." } });
    const { input, mock } = setup({ site, props: { loadAssistant: async () => ({ default: FakeAssistant }) } });
    type(input, "what are bakers");
    fireEvent.click(await screen.findByText("what are bakers", { selector: "strong" }));
    fireEvent.click(await screen.findByRole("button", { name: "search it" }));
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("bakers");
    await screen.findByRole("group", { name: "Architecture" });
    expect(mock.calls.length).toBeGreaterThan(0);
  });

  it("has no Ask AI row when Ask AI is off", async () => {
    const { input } = setup({ props: { onAskAi: vi.fn() } });
    type(input, "bakers");
    await screen.findByRole("group", { name: "Architecture" });
    expect(screen.queryByText(/Ask AI/)).toBeNull();
  });

  it("debounces typing into one request for the last query", async () => {
    const { input, mock } = setup();
    type(input, "b");
    type(input, "ba");
    type(input, "bakers");
    await screen.findByRole("group", { name: "Architecture" });
    expect(mock.calls.map((c) => (c.body as { requests: { query: string }[] }).requests[0]!.query)).toEqual(["bakers"]);
  });
});

describe("SearchDialog: no results", () => {
  it("shows the query and up to 3 suggestions from recent searches and configured questions", async () => {
    const site = siteFixture({ askAi: { enabled: false, assistantId: "", suggestedQuestions: ["How do I stake?", "What is a smart rollup?", "Third?"], disclaimer: "AI answers can be wrong." } });
    const { input, saved } = setup({ site });
    saved.pick({ id: "a", title: "Bakers", page: "Bakers", section: "Architecture", url: "/architecture/bakers", query: "bakers" });
    type(input, "qwxzv");
    const status = await screen.findByText("No results found for", { exact: false });
    expect(status.textContent).toContain("qwxzv");
    const buttons = within(screen.getByText("Try searching for:").parentElement!).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["“bakers”", "“How do I stake?”", "“What is a smart rollup?”"]);
    expect(screen.queryByText("Believe this query should return results?")).toBeNull();
    fireEvent.click(buttons[0]!);
    expect((input as HTMLInputElement).value).toBe("bakers");
    expect(await screen.findByRole("group", { name: "Architecture" })).toBeTruthy();
  });

  it("offers 'Let us know.' when missingResultsUrl is set", async () => {
    const site = siteFixture({ search: { ...siteFixture().search, missingResultsUrl: "https://issues.example/new?title={query}" } });
    const { input } = setup({ site });
    type(input, "qwxzv");
    const link = await screen.findByRole("link", { name: "Let us know." });
    expect(link.getAttribute("href")).toBe("https://issues.example/new?title=qwxzv");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.getByText("Believe this query should return results?", { exact: false })).toBeTruthy();
  });
});

describe("SearchDialog: error, loading and stalled", () => {
  it("shows the error screen once 2 retries are exhausted", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { input, mock } = setup({ answer: () => jsonResponse({ message: "boom", status: 500 }, 500) });
    type(input, "bakers");
    expect(await screen.findByText("Unable to fetch results")).toBeTruthy();
    expect(screen.getByText("You might want to check your network connection.")).toBeTruthy();
    expect(mock.calls).toHaveLength(3);
    expect(warn).toHaveBeenCalled();
  });

  it("recovers from the error screen on the next query", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let fail = true;
    const { input } = setup({ answer: (q) => (fail ? jsonResponse({}, 503) : jsonResponse({ results: [q === "bakers" ? bakersResult() : result([])] })) });
    type(input, "bak");
    await screen.findByText("Unable to fetch results");
    fail = false;
    type(input, "bakers");
    expect(await screen.findByRole("group", { name: "Architecture" })).toBeTruthy();
    expect(screen.queryByText("Unable to fetch results")).toBeNull();
  });

  it("shows a spinner once a request is stalled for more than 1.5 s", async () => {
    vi.useFakeTimers();
    try {
      let release: (r: Response) => void = () => {};
      const { input } = setup({ answer: () => new Promise<Response>((r) => (release = r)) });
      type(input, "bakers");
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByRole("status", { name: "Loading results" })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(700));
      expect(screen.getByRole("status", { name: "Loading results" })).toBeTruthy();
      await act(async () => {
        release(jsonResponse({ results: [bakersResult()] }));
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.queryByRole("status", { name: "Loading results" })).toBeNull();
      expect(screen.getByRole("group", { name: "Architecture" })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the previous results (busy) while the next query loads", async () => {
    let release: ((r: Response) => void) | undefined;
    const { input } = setup({
      answer: (q) => (q === "bakers" ? jsonResponse({ results: [bakersResult()] }) : new Promise<Response>((r) => (release = r))),
    });
    type(input, "bakers");
    await screen.findByRole("group", { name: "Architecture" });
    type(input, "bakers rights");
    // Once the next query is asked (after the debounce), the list is busy and keeps its results.
    await waitFor(() => expect(release).toBeDefined());
    await waitFor(() => expect(screen.getByRole("listbox").getAttribute("aria-busy")).toBe("true"));
    expect(screen.getByRole("group", { name: "Architecture" })).toBeTruthy();
    await act(async () => release?.(jsonResponse({ results: [result([])] })));
    expect(await screen.findByText("No results found for", { exact: false })).toBeTruthy();
  });
});

afterEach(() => {
  vi.useRealTimers();
});
