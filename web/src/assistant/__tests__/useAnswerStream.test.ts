import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAnswerStream } from "../useAnswerStream";
import type { ChatStatus } from "../types";
import { gate, sse } from "./fakeServer";

const answer = (id: string, text: string) => [
  `data: {"type":"start","messageId":"${id}"}\n\n`,
  'data: {"type":"text-start","id":"t"}\n\n',
  `data: ${JSON.stringify({ type: "text-delta", id: "t", delta: text })}\n\n`,
  'data: {"type":"text-end","id":"t"}\n\n',
  'data: {"type":"finish"}\n\n',
  "data: [DONE]\n\n",
];

function chatServer(respond: (n: number) => Response) {
  const bodies: { id: string; trigger: string; messages: { role: string; parts: { type: string; text?: string }[] }[] }[] = [];
  const f = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return respond(bodies.length);
  });
  return { f: f as unknown as typeof fetch, bodies };
}

describe("useAnswerStream", () => {
  it("goes submitted, streaming, ready, and sends the whole conversation with each question", async () => {
    const g = gate();
    const { f, bodies } = chatServer((n) => sse(n === 1 ? [g.wait, ...answer("a1", "First.")] : answer("a2", "Second.")));
    const { result } = renderHook(() => useAnswerStream({ id: "conv", api: "/chat", fetch: f }));
    const statuses: ChatStatus[] = [];
    act(() => void result.current.sendMessage("One?"));
    statuses.push(result.current.status);
    await act(async () => g.open());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.messages.map((m) => [m.role, m.id])).toEqual([
      ["user", expect.any(String)],
      ["assistant", "a1"],
    ]);
    await act(() => result.current.sendMessage("Two?"));
    expect(statuses).toEqual(["submitted"]);
    expect(bodies[1]).toMatchObject({
      id: "conv",
      trigger: "submit-message",
      messages: [
        { role: "user", parts: [{ type: "text", text: "One?" }] },
        { role: "assistant", parts: [{ type: "text", text: "First." }] },
        { role: "user", parts: [{ type: "text", text: "Two?" }] },
      ],
    });
    expect(result.current.messages).toHaveLength(4);
  });

  it("keeps the response's body as the error of a refused question, and clears it on the next", async () => {
    const { f } = chatServer((n) => (n === 1 ? new Response("Too many questions, wait a minute.", { status: 429 }) : sse(answer("a", "Yes."))));
    const { result } = renderHook(() => useAnswerStream({ id: "c", api: "/chat", fetch: f }));
    await act(() => result.current.sendMessage("Q?"));
    expect(result.current.status).toBe("error");
    expect(result.current.error?.message).toBe("Too many questions, wait a minute.");
    await act(() => result.current.sendMessage("Q again?"));
    expect(result.current.status).toBe("ready");
    expect(result.current.error).toBeUndefined();
  });

  it("stops at once, keeping what came, and ignores what the server still sends", async () => {
    const g = gate();
    // This server goes on after the abort, as a slow network might deliver what was already sent.
    const { f } = chatServer(() => sse([...answer("a", "Partial").slice(0, 3), g.wait, 'data: {"type":"text-delta","id":"t","delta":" more"}\n\n', ...answer("a", "").slice(3)]));
    const { result } = renderHook(() => useAnswerStream({ id: "c", api: "/chat", fetch: f }));
    let sending!: Promise<void>;
    act(() => void (sending = result.current.sendMessage("Q?")));
    await waitFor(() => expect(result.current.messages[1]?.parts[0]).toMatchObject({ text: "Partial" }));
    act(() => result.current.stop());
    expect(result.current.status).toBe("ready");
    await act(async () => {
      g.open();
      await sending;
    });
    expect(result.current.messages[1]?.parts[0]).toMatchObject({ text: "Partial" });
    expect(result.current.status).toBe("ready");
    expect(result.current.error).toBeUndefined();
  });
});
