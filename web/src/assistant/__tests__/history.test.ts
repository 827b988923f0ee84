import { beforeEach, describe, expect, it } from "vitest";
import { ConversationHistory, HISTORY_KEY, MAX_CONVERSATIONS, conversationTitle } from "../history";
import type { ChatMessage, Conversation } from "../types";

const conv = (id: string, question = `Question ${id}`): Conversation => ({
  id,
  title: "",
  feedback: {},
  updatedAt: 1,
  messages: [
    { id: `${id}-u`, role: "user", parts: [{ type: "text", text: question }] },
    {
      id: `${id}-a`,
      role: "assistant",
      parts: [{ type: "tool-searchIndex", toolCallId: "c", state: "output-available", input: { query: "q" }, output: { query: "q", hits: Array.from({ length: 9 }, (_, i) => ({ objectID: String(i) })) } } as unknown as ChatMessage["parts"][number]],
    },
  ],
});

describe("ConversationHistory", () => {
  beforeEach(() => localStorage.clear());
  it("keeps at most 10, newest first, and can remove", () => {
    const h = new ConversationHistory();
    for (let i = 0; i < 12; i++) h.save(conv(`c${i}`));
    const list = h.list();
    expect(list).toHaveLength(MAX_CONVERSATIONS);
    expect(list[0]?.id).toBe("c11");
    expect(list[0]?.title).toBe("Question c11");
    h.save(conv("c5"));
    expect(h.list()[0]?.id).toBe("c5");
    h.remove("c5");
    expect(h.get("c5")).toBeUndefined();
    expect(h.list()).toHaveLength(9);
  });
  it("does not store a conversation without a question, and trims stored hits", () => {
    const h = new ConversationHistory();
    h.save({ ...conv("x"), messages: [] });
    expect(h.list()).toEqual([]);
    h.save(conv("y"));
    const part = h.get("y")!.messages[1]!.parts[0] as unknown as { output: { hits: unknown[] } };
    expect(part.output.hits).toHaveLength(5);
  });
  it("survives corrupt storage", () => {
    localStorage.setItem(HISTORY_KEY, "{not json");
    expect(new ConversationHistory().list()).toEqual([]);
  });
  it("titles a conversation with its first question on one line", () => {
    expect(conversationTitle(conv("z", "  What is\n a smart rollup? ").messages)).toBe("What is a smart rollup?");
  });
});
