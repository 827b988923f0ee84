import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { fakeServer, sse } from "../../__tests__/fakeServer";
import { ConversationHistory } from "../../history";
import { AssistantView } from "..";

const site = siteFixture({ askAi: { enabled: true, assistantId: "tezos", suggestedQuestions: ["What is a smart rollup?"], disclaimer: "AI answers can be wrong." } });
const server = () => fakeServer({ chat: () => sse([]) });

function store(history: ConversationHistory, id: string, question: string) {
  history.save({
    id,
    title: "",
    feedback: {},
    updatedAt: 1,
    messages: [
      { id: `${id}u`, role: "user", parts: [{ type: "text", text: question }] },
      { id: `${id}a`, role: "assistant", parts: [{ type: "text", text: `Answer to ${question}` }] },
    ],
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("AssistantView", () => {
  it("switches the history screen to a new conversation when none are stored", () => {
    render(<AssistantView site={site} showHistory history={new ConversationHistory()} services={server().services} />);
    expect(screen.getByRole("heading", { name: "How can I help you today?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "What is a smart rollup?" })).toBeTruthy();
  });

  it("lists stored conversations, restores one, removes them, then shows a new conversation", () => {
    const history = new ConversationHistory();
    store(history, "c1", "How do I stake?");
    store(history, "c2", "What is a smart rollup?");
    render(<AssistantView site={site} showHistory history={history} services={server().services} />);
    const list = screen.getByRole("list");
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["What is a smart rollup?", "How do I stake?"]);
    fireEvent.click(screen.getByRole("button", { name: "How do I stake?" }));
    expect(screen.getByText("Answer to How do I stake?")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Conversation history" }));
    fireEvent.click(screen.getByRole("button", { name: 'Remove the conversation "What is a smart rollup?"' }));
    fireEvent.click(screen.getByRole("button", { name: 'Remove the conversation "How do I stake?"' }));
    expect(history.list()).toEqual([]);
    expect(screen.getByRole("heading", { name: "How can I help you today?" })).toBeTruthy();
  });

  it("opens a stored conversation by id and starts a new one on request", () => {
    const history = new ConversationHistory();
    store(history, "c1", "How do I stake?");
    render(<AssistantView site={site} conversationId="c1" history={history} services={server().services} />);
    expect(screen.getByText("Answer to How do I stake?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New conversation" }));
    expect(screen.queryByText("Answer to How do I stake?")).toBeNull();
    expect(screen.getByRole("heading", { name: "How can I help you today?" })).toBeTruthy();
  });
});
