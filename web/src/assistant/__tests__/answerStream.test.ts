import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AnswerStreamError, MessageBuilder, SSEDecoder, StreamProtocolError, parsePartialJSON, readAnswer } from "../answerStream";
import type { ChatMessage } from "../types";
import { TESTDATA, golden } from "./fakeServer";

const enc = new TextEncoder();

/** A body that hands out bytes in the given pieces, then closes (or stays open). */
function body(pieces: Uint8Array[], opts: { close?: boolean } = {}): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(p);
      if (opts.close !== false) c.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

function split(text: string, size: number): Uint8Array[] {
  const bytes = enc.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

function decodeAll(pieces: Uint8Array[]): string[] {
  const events: string[] = [];
  const d = new SSEDecoder((e) => events.push(e));
  for (const p of pieces) d.push(p);
  return events;
}

const sse = (...chunks: object[]) => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n";

describe("SSEDecoder", () => {
  // LF, CRLF and CR line ends, a comment, a field other than data, events of two data lines, no
  // space after the colon, and characters of several bytes.
  const text = ': keep-alive\n\ndata: {"a":1}\r\ndata: 2\r\n\r\nevent: x\rdata: one\rdata:two\r\rdata: é€😀\n\n';
  const events = ['{"a":1}\n2', "one\ntwo", "é€😀"];

  it("gives the same events wherever the reads split the bytes", () => {
    const bytes = enc.encode(text);
    expect(decodeAll([bytes])).toEqual(events);
    for (let i = 1; i < bytes.length; i++) {
      expect(decodeAll([bytes.slice(0, i), bytes.slice(i)]), `split at byte ${i}`).toEqual(events);
    }
    expect(decodeAll(split(text, 1))).toEqual(events);
  });

  it("drops an event the stream did not end with a blank line", () => {
    expect(decodeAll([enc.encode('data: {"a":1}\n\ndata: {"b":2}\n')])).toEqual(['{"a":1}']);
  });
});

describe("readAnswer", () => {
  async function read(text: string, size = 7) {
    const seen: ChatMessage[] = [];
    const message = await readAnswer(body(split(text, size)).stream, "local", (m) => seen.push(m));
    return { message, seen };
  }

  it("builds the answer of a golden stream read in small pieces", async () => {
    const { message, seen } = await read(golden("extractive-two-parts.txt").join(""));
    expect(message.id).toMatch(/^id-1\./);
    expect(message.role).toBe("assistant");
    const types = message.parts.map((p) => p.type);
    expect(types.filter((t) => t === "tool-searchIndex")).toHaveLength(2);
    expect(types).toContain("text");
    for (const p of message.parts) {
      if (p.type === "tool-searchIndex") expect(p).toMatchObject({ state: "output-available", output: { hits: expect.any(Array) } });
      if (p.type === "text") expect(p.state).toBe("done");
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(seen[seen.length - 1]).toBe(message);
    // Every update is a new message object; earlier ones are left as they were.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen[0]!.parts).toHaveLength(0);
  });

  it("parses a tool's input while it streams", async () => {
    const seen: ChatMessage[] = [];
    const text = golden("openai-tool-loop.txt").join("");
    await readAnswer(body(split(text, 5)).stream, "local", (m) => seen.push(m));
    const inputs = seen.map((m) => m.parts.find((p) => p.type === "tool-searchIndex" && p.state === "input-streaming")).filter(Boolean);
    expect(inputs.map((p) => (p as { input?: unknown }).input)).toContainEqual({ query: "  stake tez " });
  });

  it("rejects with the error chunk's text, after showing the text that came before it", async () => {
    const seen: ChatMessage[] = [];
    const text = golden("openai-error.txt").join("");
    const err = await readAnswer(body(split(text, 3)).stream, "local", (m) => seen.push(m)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnswerStreamError);
    expect((err as Error).message).toMatch(/\S/);
    const last = seen[seen.length - 1]!;
    expect(last.parts.some((p) => p.type === "text" && p.text !== "")).toBe(true);
  });

  it("ignores chunks after [DONE]", async () => {
    const text = sse({ type: "start", messageId: "m" }, { type: "finish" }) + sse({ type: "text-start", id: "late" });
    const { message } = await read(text);
    expect(message.parts).toEqual([]);
  });

  it("fails when the stream ends before finish or [DONE]", async () => {
    const text = 'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"t"}\n\n';
    await expect(read(text)).rejects.toBeInstanceOf(StreamProtocolError);
    await expect(read('data: {"type":"start"}\n\ndata: {"type":"finish"}\n\n')).resolves.toBeTruthy();
  });

  it("rejects data that is not JSON or not a chunk", async () => {
    await expect(read("data: {oops\n\n")).rejects.toBeInstanceOf(StreamProtocolError);
    await expect(read("data: [1]\n\n")).rejects.toBeInstanceOf(StreamProtocolError);
  });

  it("stops at abort: rejects with AbortError, cancels the body and reports nothing more", async () => {
    const ctrl = new AbortController();
    const b = body([enc.encode('data: {"type":"start","messageId":"m"}\n\ndata: {"type":"text-start","id":"t"}\n\n')], { close: false });
    const seen: ChatMessage[] = [];
    const reading = readAnswer(b.stream, "local", (m) => seen.push(m), ctrl.signal);
    await expect.poll(() => seen.length).toBe(2);
    ctrl.abort();
    const err = await reading.catch((e: unknown) => e);
    expect((err as Error).name).toBe("AbortError");
    expect(b.cancelled()).toBe(true);
    expect(seen).toHaveLength(2);
  });
});

describe("MessageBuilder", () => {
  function build(...chunks: object[]): ChatMessage {
    const b = new MessageBuilder("local");
    for (const c of chunks) b.applyData(JSON.stringify(c));
    return b.message;
  }

  it("keeps text, reasoning, steps, sources and files as parts", () => {
    const m = build(
      { type: "start", messageId: "m1", messageMetadata: { a: 1 } },
      { type: "start-step" },
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "hm" },
      { type: "reasoning-end", id: "r" },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "Hello " },
      { type: "text-delta", id: "t", delta: "world" },
      { type: "source-url", sourceId: "s1", url: "https://tezos.com", title: "Tezos" },
      { type: "source-document", sourceId: "s2", mediaType: "text/plain", title: "Notes" },
      { type: "file", url: "/a.png", mediaType: "image/png" },
      { type: "text-end", id: "t" },
      { type: "finish-step" },
      { type: "finish", messageMetadata: { b: 2 } },
    );
    expect(m).toEqual({
      id: "m1",
      role: "assistant",
      metadata: { a: 1, b: 2 },
      parts: [
        { type: "step-start" },
        { type: "reasoning", text: "hm", state: "done" },
        { type: "text", text: "Hello world", state: "done" },
        { type: "source-url", sourceId: "s1", url: "https://tezos.com", title: "Tezos" },
        { type: "source-document", sourceId: "s2", mediaType: "text/plain", title: "Notes" },
        { type: "file", url: "/a.png", mediaType: "image/png" },
      ],
    });
  });

  it("keeps data parts, replaces one by its type and id, and leaves transient ones out", () => {
    const m = build(
      { type: "data-tz-code", id: "c", data: { v: 1 } },
      { type: "data-tz-code", data: { v: 2 } },
      { type: "data-tz-code", id: "c", data: { v: 3 } },
      { type: "data-note", data: "gone", transient: true },
    );
    expect(m.parts).toEqual([
      { type: "data-tz-code", id: "c", data: { v: 3 } },
      { type: "data-tz-code", data: { v: 2 } },
    ]);
  });

  it("skips chunk types it does not know", () => {
    const b = new MessageBuilder("local");
    expect(b.applyData(JSON.stringify({ type: "tool-approval-request", approvalId: "x" }))).toBe(false);
    expect(b.message.parts).toEqual([]);
  });

  it("tracks tool calls through their states, a dynamic tool keeping its name", () => {
    const m = build(
      { type: "tool-input-start", toolCallId: "a", toolName: "searchIndex" },
      { type: "tool-input-delta", toolCallId: "a", inputTextDelta: '{"query":"ba' },
      { type: "tool-input-available", toolCallId: "a", toolName: "searchIndex", input: { query: "bakers" } },
      { type: "tool-output-available", toolCallId: "a", output: { hits: [] } },
      { type: "tool-input-available", toolCallId: "b", toolName: "lookup", input: {}, dynamic: true },
      { type: "tool-output-error", toolCallId: "b", errorText: "no" },
    );
    expect(m.parts).toEqual([
      { type: "tool-searchIndex", toolCallId: "a", state: "output-available", input: { query: "bakers" }, output: { hits: [] } },
      { type: "dynamic-tool", toolName: "lookup", toolCallId: "b", state: "output-error", input: {}, errorText: "no" },
    ]);
  });

  it("rejects a chunk missing a required field or naming a part never started", () => {
    expect(() => build({ type: "text-delta", id: "t" })).toThrow(StreamProtocolError);
    expect(() => build({ type: "text-delta", id: "nope", delta: "x" })).toThrow(StreamProtocolError);
    expect(() => build({ type: "reasoning-start", id: "r" }, { type: "text-delta", id: "r", delta: "x" })).toThrow(StreamProtocolError);
    expect(() => build({ type: "tool-output-available", toolCallId: "x", output: 1 })).toThrow(StreamProtocolError);
    expect(() => build({ type: "data-x" })).toThrow(StreamProtocolError);
    expect(() => build({ type: "error" })).toThrow(StreamProtocolError);
    expect(() => build({ type: "error", errorText: "The engine failed." })).toThrow(new AnswerStreamError("The engine failed."));
  });
});

describe("parsePartialJSON", () => {
  it("reads the complete part of JSON text cut anywhere", () => {
    expect(parsePartialJSON('{"query": "stake')).toEqual({ query: "stake" });
    expect(parsePartialJSON('{"que')).toEqual({});
    expect(parsePartialJSON('{"query": "a\\')).toEqual({ query: "a" });
    expect(parsePartialJSON('{"query": "a \\"b\\" c", "n": [1, 2')).toEqual({ query: 'a "b" c', n: [1, 2] });
    expect(parsePartialJSON('{"a": {"b": "}"')).toEqual({ a: { b: "}" } });
    expect(parsePartialJSON("")).toBeUndefined();
  });
});

describe("readAnswer on the server's golden transcripts", () => {
  // What the AI SDK's own client assembles from each transcript, recorded by tools/aistream.
  const want = JSON.parse(readFileSync(join(TESTDATA, "assembled.json"), "utf8")) as Record<string, ChatMessage>;
  const files = readdirSync(TESTDATA).filter((f) => f.endsWith(".txt"));

  it("covers every transcript", () => {
    expect(Object.keys(want).sort()).toEqual(files.sort());
  });

  it.each(files)("builds from %s the message the AI SDK builds", async (file) => {
    let last: ChatMessage | undefined;
    const text = readFileSync(join(TESTDATA, file), "utf8");
    const result = await readAnswer(body(split(text, 13)).stream, "local", (m) => (last = m)).then(
      (m) => ({ failed: false, message: m }),
      (err: unknown) => ({ failed: err instanceof AnswerStreamError, message: last }),
    );
    expect(result.failed).toBe(text.includes('"type":"error"'));
    expect(JSON.parse(JSON.stringify(result.message))).toEqual(want[file]);
  });
});
