import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { fakeServer, gate, golden, sse, type FakeServer } from "../../__tests__/fakeServer";
import { ConversationHistory } from "../../history";
import type { Conversation as Stored, ChatMessage } from "../../types";
import { Conversation, type ConversationProps } from "..";
import { MarkdownBoundary } from "../AnswerMarkdown";

const site = siteFixture({ askAi: { enabled: true, assistantId: "tezos", suggestedQuestions: ["What is a smart rollup?", "How do I stake tez?"], disclaimer: "Answers are checked by nobody." } });

function setup(server: FakeServer, props: Partial<ConversationProps> = {}) {
  const history = new ConversationHistory();
  const onSearch = vi.fn();
  const view = render(<Conversation site={site} history={history} services={server.services} onSearch={onSearch} {...props} />);
  return { ...view, history, onSearch };
}

function ask(text: string) {
  const input = screen.getByRole("textbox");
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest("form")!);
}

const textEvent = (id: string, delta: string) => `data: ${JSON.stringify({ type: "text-delta", id, delta })}\n\n`;
const answerScript = (text: string) => [
  'data: {"type":"start","messageId":"m-1"}\n\n',
  'data: {"type":"start-step"}\n\n',
  'data: {"type":"text-start","id":"t"}\n\n',
  textEvent("t", text),
  'data: {"type":"text-end","id":"t"}\n\n',
  'data: {"type":"finish-step"}\n\n',
  'data: {"type":"finish"}\n\n',
  "data: [DONE]\n\n",
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Conversation: new conversation screen", () => {
  it("greets, offers the suggested questions and asks one when clicked", async () => {
    const server = fakeServer({ chat: () => sse(golden("extractive-one-part.txt")) });
    setup(server);
    expect(screen.getByRole("heading", { name: "How can I help you today?" })).toBeTruthy();
    expect(screen.getByText("Answers are checked by nobody.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "How do I stake tez?" }));
    await screen.findByText(/To deploy a contract, originate it with the Octez client\./);
    expect(screen.queryByRole("heading", { name: "How can I help you today?" })).toBeNull();
    expect(screen.getByRole("textbox").getAttribute("placeholder")).toBe("Ask another question...");
  });
});

describe("Conversation: answers from the golden streams", () => {
  it("sends the token and the chat body the server reads, merges searches and lists related sources", async () => {
    const server = fakeServer({ chat: () => sse(golden("extractive-two-parts.txt")) });
    const { onSearch } = setup(server);
    ask("How do I stake or delegate?");
    await screen.findByText(/Delegating lets a tez holder/);
    await screen.findByRole("button", { name: "Copy answer" });
    expect(server.chatHeaders[0]?.get("authorization")).toMatch(/^TOKEN .+\..+/);
    expect(server.chatBodies[0]).toMatchObject({ trigger: "submit-message", messages: [{ role: "user", parts: [{ type: "text", text: "How do I stake or delegate?" }] }] });
    expect(typeof (server.chatBodies[0] as { id: unknown }).id).toBe("string");

    const searched = screen.getByText(/Searched for/);
    const queries = within(searched).getAllByRole("button").map((b) => b.textContent);
    expect(queries).toEqual(["delegating", "stake tez"]);
    fireEvent.click(within(searched).getByRole("button", { name: "stake tez" }));
    expect(onSearch).toHaveBeenCalledWith("stake tez");

    const sources = await screen.findByRole("navigation", { name: "Related sources" });
    expect(within(sources).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["/using/staking#delegating", "/using/staking#staking"]);
    expect(screen.getByRole("button", { name: "Copy answer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Like this answer" })).toBeTruthy();
  });

  it("drops empty search queries and shows reasoning (OpenAI tool loop)", async () => {
    const server = fakeServer({ chat: () => sse(golden("openai-tool-loop.txt")) });
    setup(server);
    ask("How do I stake?");
    await screen.findByRole("navigation", { name: "Related sources" });
    const searched = screen.getByText(/Searched for/);
    expect(within(searched).getAllByRole("button").map((b) => b.textContent)).toEqual(["stake tez"]);
    expect(screen.getByText("The reader wants to stake.")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Staking" }).map((a) => a.getAttribute("href"))).toEqual(["/using/staking#staking", "/using/staking#staking"]);
  });

  it("shows searched queries as plain text when there is no keyword search to run them (chatbot)", async () => {
    const server = fakeServer({ chat: () => sse(golden("extractive-two-parts.txt")) });
    setup(server, { onSearch: undefined });
    ask("Stake?");
    await screen.findByRole("button", { name: "Copy answer" });
    const searched = screen.getByText(/Searched for/);
    expect(within(searched).queryAllByRole("button")).toEqual([]);
    expect(searched.textContent).toBe("Searched for delegating, stake tez");
  });

  it("shows each stage while the answer streams", async () => {
    const g = [gate(), gate(), gate()];
    const events = golden("extractive-one-part.txt");
    // start, start-step, tool-input-start | delta, available, output, finish-step, start-step, text-start, delta | rest
    const script = [g[0]!.wait, ...events.slice(0, 3), g[1]!.wait, ...events.slice(3, 10), g[2]!.wait, ...events.slice(10)];
    const server = fakeServer({ chat: () => sse(script) });
    setup(server);
    ask("How do I deploy a contract?");
    await screen.findByText("Thinking...");
    expect(screen.getByRole("button", { name: "Stop answering" })).toBeTruthy();
    await act(async () => g[0]!.open());
    await screen.findByText("Searching...");
    await act(async () => g[1]!.open());
    await screen.findByText("Answering...");
    expect(screen.getByText(/Searched for/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copy answer" })).toBeNull();
    await act(async () => g[2]!.open());
    await screen.findByRole("button", { name: "Copy answer" });
    expect(screen.queryByText("Answering...")).toBeNull();
    expect(screen.queryByText("Thinking...")).toBeNull();
  });

  it("shows an AI stream error in the answer area as our own message, details in the console", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = fakeServer({ chat: () => sse(golden("openai-error.txt")) });
    setup(server);
    ask("How do I stake?");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Something went wrong while answering. Try again.");
    expect(warn).toHaveBeenCalled();
    expect(screen.getByText("Stak")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copy answer" })).toBeNull();
  });

  it("never shows a server's raw body", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = fakeServer({ chat: () => new Response("boom", { status: 500 }) });
    setup(server);
    ask("How do I stake?");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Something went wrong while answering. Try again.");
    expect(String(warn.mock.calls[0]?.[1])).toContain("boom");
  });

  it("tells to start a new conversation at the depth limit", async () => {
    const server = fakeServer({ chat: () => new Response("This conversation has reached 20 questions. Start a new conversation to continue.", { status: 400 }) });
    const onNewConversation = vi.fn();
    setup(server, { onNewConversation });
    ask("One more?");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Start a new conversation to continue.");
    fireEvent.click(within(alert).getByRole("button", { name: "New conversation" }));
    expect(onNewConversation).toHaveBeenCalled();
  });

  it("disables the input of a restored conversation that reached the limit", () => {
    const messages: ChatMessage[] = [];
    for (let i = 0; i < 20; i++) {
      messages.push({ id: `u${i}`, role: "user", parts: [{ type: "text", text: `q${i}` }] });
      messages.push({ id: `a${i}`, role: "assistant", parts: [{ type: "text", text: `a${i}` }] });
    }
    const server = fakeServer({ chat: () => sse([]) });
    setup(server, { conversation: { id: "c", title: "q0", messages, feedback: {}, updatedAt: 1 } });
    expect(screen.getByText(/Start a new conversation to continue\./)).toBeTruthy();
    expect((screen.getByRole("textbox") as HTMLInputElement).disabled).toBe(true);
  });
});

describe("Conversation: stop", () => {
  it("stops the answer, says so, hides the actions and remembers it", async () => {
    const never = new Promise(() => {});
    const events = golden("extractive-one-part.txt");
    const server = fakeServer({ chat: (_b, signal) => sse([...events.slice(0, 9), textEvent("id-3", "Partial answer"), never], signal) });
    const { history } = setup(server);
    ask("How do I deploy?");
    await screen.findByText("Partial answer");
    fireEvent.click(screen.getByRole("button", { name: "Stop answering" }));
    await screen.findByText("You stopped this response");
    expect(screen.queryByRole("button", { name: "Copy answer" })).toBeNull();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    await waitFor(() => expect(history.list()[0]?.messages[1]?.metadata).toEqual({ stopped: true }));
  });

  it("stops before any answer started", async () => {
    const server = fakeServer({ chat: (_b, signal) => sse([new Promise(() => {})], signal) });
    setup(server);
    ask("Slow?");
    await screen.findByText("Thinking...");
    fireEvent.click(screen.getByRole("button", { name: "Stop answering" }));
    await screen.findByText("You stopped this response");
  });
});

describe("Conversation: copy and feedback", () => {
  it("copies the answer and a code block, showing 'Copied' for 1500 ms", async () => {
    const writeText = vi.fn(async (_t: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const server = fakeServer({ chat: () => sse(golden("extractive-one-part.txt")) });
    setup(server);
    ask("Deploy?");
    const copy = await screen.findByRole("button", { name: "Copy answer" });
    fireEvent.click(screen.getByRole("button", { name: "Copy code" }));
    await act(async () => {});
    expect(writeText).toHaveBeenLastCalledWith("octez-client originate contract counter transferring 0 from alice running counter.tz --init '0' --burn-cap 0.1");
    vi.useFakeTimers();
    fireEvent.click(copy);
    await act(async () => {});
    expect(writeText.mock.calls[1]?.[0]).toContain("[Deploying smart contracts › Deploying with the Octez client](/smart-contracts/deploying#octez)");
    expect(copy.textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1499));
    expect(copy.textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(copy.textContent).toBe("");
  });

  it("likes once: clicks ignored while pending, thanks, then fixed; stored with the conversation", async () => {
    const g = gate();
    const server = fakeServer({
      chat: () => sse(answerScript("See [rollups](/architecture/smart-rollups).")),
      feedback: async () => {
        await g.wait;
        return Response.json({ success: true });
      },
    });
    const { history } = setup(server);
    ask("What is a smart rollup?");
    const like = await screen.findByRole("button", { name: "Like this answer" });
    const dislike = screen.getByRole("button", { name: "Dislike this answer" });
    fireEvent.click(like);
    fireEvent.click(dislike);
    fireEvent.click(like);
    await waitFor(() => expect(server.feedbackBodies).toHaveLength(1));
    expect(server.feedbackBodies[0]).toEqual({ appId: "tezos", messageId: "m-1", thumbs: 1 });
    await act(async () => g.open());
    await screen.findByText("Thanks for your feedback!");
    expect(like.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(dislike);
    await act(async () => {});
    expect(server.feedbackBodies).toHaveLength(1);
    await waitFor(() => expect(history.list()[0]?.feedback).toEqual({ "m-1": 1 }));
  });

  it("shows a feedback failure's message, or 'An error occured'", async () => {
    const answers = [new Response("Too many requests, try again in a minute.", { status: 429 }), new Response("", { status: 500 })];
    const server = fakeServer({ chat: () => sse(answerScript("Answer.")), feedback: () => answers.shift()! });
    setup(server);
    ask("Q?");
    fireEvent.click(await screen.findByRole("button", { name: "Dislike this answer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests, try again in a minute.");
    fireEvent.click(screen.getByRole("button", { name: "Dislike this answer" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occured"));
    expect(server.feedbackBodies).toEqual([
      { appId: "tezos", messageId: "m-1", thumbs: 0 },
      { appId: "tezos", messageId: "m-1", thumbs: 0 },
    ]);
  });
});

describe("Conversation: Markdown", () => {
  it("renders no raw HTML from the answer", async () => {
    const server = fakeServer({ chat: () => sse(answerScript('Hi <img src="x" onerror="window.__pwned=1"> <script>window.__pwned=1</script> [bad](javascript:alert(1)) **bold**')) });
    const { container } = setup(server);
    ask("Q?");
    await screen.findByText("bold");
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByText("bad").getAttribute("href") ?? "").not.toMatch(/javascript/i);
  });
  it("shows 'An error occurred' when rendering fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const Boom = () => {
      throw new Error("parse");
    };
    render(
      <MarkdownBoundary text="x">
        <Boom />
      </MarkdownBoundary>,
    );
    expect(screen.getByRole("alert").textContent).toBe("An error occurred");
  });
});

describe("Conversation: history", () => {
  it("saves the conversation and restores it with its feedback fixed", async () => {
    const server = fakeServer({ chat: () => sse(answerScript("Answer with [link](/a).")) });
    const first = setup(server);
    ask("What is a smart rollup?");
    await screen.findByRole("button", { name: "Copy answer" });
    await waitFor(() => expect(first.history.list()).toHaveLength(1));
    const stored: Stored = { ...first.history.list()[0]!, feedback: { "m-1": 0 } };
    expect(stored.title).toBe("What is a smart rollup?");
    first.unmount();
    setup(server, { conversation: stored });
    expect(screen.getByText("What is a smart rollup?")).toBeTruthy();
    expect(screen.getByText("Thanks for your feedback!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Dislike this answer" }).getAttribute("aria-pressed")).toBe("true");
  });
});
