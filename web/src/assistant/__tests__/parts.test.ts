import { describe, expect, it } from "vitest";
import { showAnswerActions } from "../actions";
import { answerText, currentStage, markStopped, questionCount, toBlocks, highlightedCode, codeKey } from "../parts";
import type { ChatMessage, ChatPart } from "../types";

const search = (query: string, state: string, outQuery = query): ChatPart =>
  ({ type: "tool-searchIndex", toolCallId: `c-${query}-${state}`, state, input: { query }, ...(state === "output-available" ? { output: { query: outQuery, hits: [] } } : {}) }) as unknown as ChatPart;
const text = (t: string): ChatPart => ({ type: "text", text: t, state: "done" });
const assistant = (parts: ChatPart[], metadata?: ChatMessage["metadata"]): ChatMessage => ({ id: "a1", role: "assistant", parts, metadata });

describe("toBlocks", () => {
  it("merges consecutive completed searches with distinct non-empty queries, across steps", () => {
    const blocks = toBlocks(assistant([{ type: "step-start" }, search("stake tez", "output-available"), search("delegating", "output-available"), { type: "step-start" }, search("stake tez", "output-available"), search("  ", "output-available", "   "), text("Answer")]));
    expect(blocks.map((b) => b.kind)).toEqual(["searched", "text"]);
    expect(blocks[0]).toMatchObject({ queries: ["stake tez", "delegating"] });
  });
  it("trims queries and keeps separate entries when text comes between searches", () => {
    const blocks = toBlocks(assistant([search("  a ", "output-available", "  a "), text("x"), search("b", "output-available")]));
    expect(blocks).toMatchObject([{ kind: "searched", queries: ["a"] }, { kind: "text", text: "x" }, { kind: "searched", queries: ["b"] }]);
  });
  it("shows a running search separately, with its partial query", () => {
    const blocks = toBlocks(assistant([search("done", "output-available"), search("runn", "input-streaming")]));
    expect(blocks).toMatchObject([{ kind: "searched", queries: ["done"] }, { kind: "searching", query: "runn" }]);
  });
  it("joins text parts and keeps reasoning with its streaming state", () => {
    const blocks = toBlocks(assistant([{ type: "reasoning", text: "hmm", state: "streaming" }, text("a"), text("b")]));
    expect(blocks).toMatchObject([{ kind: "reasoning", text: "hmm", streaming: true }, { kind: "text", text: "ab" }]);
  });
});

describe("currentStage", () => {
  it("is thinking before any part, searching while a search runs, answering while text streams", () => {
    expect(currentStage(undefined, "submitted")).toBe("thinking");
    expect(currentStage(assistant([{ type: "step-start" }]), "streaming")).toBe("thinking");
    expect(currentStage(assistant([search("q", "input-streaming")]), "streaming")).toBe("searching");
    expect(currentStage(assistant([search("q", "input-available")]), "streaming")).toBe("searching");
    expect(currentStage(assistant([search("q", "output-available")]), "streaming")).toBe("thinking");
    expect(currentStage(assistant([search("q", "output-available"), text("x")]), "streaming")).toBe("answering");
    expect(currentStage(assistant([{ type: "reasoning", text: "r", state: "streaming" }]), "streaming")).toBe("thinking");
  });
  it("is none when the chat is ready or failed", () => {
    expect(currentStage(assistant([text("x")]), "ready")).toBeNull();
    expect(currentStage(assistant([text("x")]), "error")).toBeNull();
  });
});

describe("showAnswerActions", () => {
  const answered = assistant([text("The answer")]);
  it("shows only for the last, ready, not stopped answer with text", () => {
    expect(showAnswerActions(answered, true, "ready")).toBe(true);
    expect(showAnswerActions(answered, false, "ready")).toBe(false);
    expect(showAnswerActions(answered, true, "streaming")).toBe(false);
    expect(showAnswerActions(answered, true, "error")).toBe(false);
    expect(showAnswerActions(assistant([text("x")], { stopped: true }), true, "ready")).toBe(false);
    expect(showAnswerActions(assistant([text("  ")]), true, "ready")).toBe(false);
    expect(showAnswerActions(assistant([search("q", "output-available")]), true, "ready")).toBe(false);
  });
});

describe("markStopped and counts", () => {
  const user: ChatMessage = { id: "u1", role: "user", parts: [text("q")] };
  it("marks the answer being written as stopped", () => {
    const out = markStopped([user, assistant([text("part")])], () => "new");
    expect(out[1]?.metadata).toEqual({ stopped: true });
    expect(answerText(out[1])).toBe("part");
  });
  it("adds an empty stopped answer when none had started", () => {
    const out = markStopped([user], () => "new");
    expect(out).toHaveLength(2);
    expect(out[1]).toMatchObject({ id: "new", role: "assistant", parts: [], metadata: { stopped: true } });
  });
  it("counts questions", () => {
    expect(questionCount([user, assistant([]), user])).toBe(2);
  });
});

describe("highlightedCode", () => {
  const message = (parts: unknown[]) => ({ id: "a", role: "assistant", parts }) as unknown as Parameters<typeof highlightedCode>[0];
  const code = "octez-client stake 100 for <me> && done";
  const html = '<span class="nf">octez-client</span> stake 100 for <span class="o">&lt;</span>me<span class="o">&gt;</span> <span class="o">&amp;&amp;</span> done';

  it("keeps token spans whose text is the block", () => {
    const got = highlightedCode(message([{ type: "text", text: "x" }, { type: "data-tz-code", data: { lang: "bash", code, html } }]));
    expect(got.get(codeKey("bash", code))).toBe(html);
  });

  it("leaves out anything else: other markup, other text, missing fields", () => {
    const bad = [
      { lang: "bash", code, html: html.replace('<span class="nf">', '<img src=x onerror="alert(1)">') },
      { lang: "bash", code, html: html.replace("stake", "unstake") },
      { lang: "bash", code, html: html + "&nbsp;" },
      { lang: "bash", code },
    ];
    expect(highlightedCode(message(bad.map((data) => ({ type: "data-tz-code", data })))).size).toBe(0);
  });
});
