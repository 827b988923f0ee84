// Our client of the AI SDK's UI message stream protocol (v1), the answers internal/assistant streams:
// server-sent events whose data are JSON chunks, ending with [DONE]. readAnswer turns a response body
// into the assistant message it builds, chunk by chunk, as the AI SDK's own client would
// (docs/decisions/0023-our-own-answer-stream-client.md says what is parsed and how it stays compatible).

import type { ChatMessage, ChatPart, ToolFields } from "./types";
import type { StreamChunk } from "./wire";

/** A broken stream: bad JSON, a chunk without its required fields, or one naming a part never opened. */
export class StreamProtocolError extends Error {
  override name = "StreamProtocolError";
}

/** The answer failed on the server: an error chunk, whose errorText is the message. */
export class AnswerStreamError extends Error {
  override name = "AnswerStreamError";
}

/** Splits a byte stream into server-sent events and calls onData with each event's data (its data
 *  lines joined by "\n"). Lines end with CRLF, LF or CR, even split across reads; comments and other
 *  fields are skipped; an event not ended by a blank line when the stream closes is dropped. */
export class SSEDecoder {
  private text = new TextDecoder();
  private line = "";
  private data: string[] = [];
  private afterCR = false;

  constructor(private onData: (data: string) => void) {}

  push(bytes: Uint8Array): void {
    this.feed(this.text.decode(bytes, { stream: true }));
  }

  private feed(s: string): void {
    let start = 0;
    if (this.afterCR && s.startsWith("\n")) start = 1;
    this.afterCR = false;
    for (let i = start; i < s.length; i++) {
      const c = s[i];
      if (c !== "\n" && c !== "\r") continue;
      this.endLine(this.line + s.slice(start, i));
      this.line = "";
      if (c === "\r") {
        if (i + 1 === s.length) this.afterCR = true;
        else if (s[i + 1] === "\n") i++;
      }
      start = i + 1;
    }
    this.line += s.slice(start);
  }

  private endLine(line: string): void {
    if (line === "") {
      if (this.data.length > 0) this.onData(this.data.join("\n"));
      this.data = [];
      return;
    }
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== "data") return; // comments (":…"), event, id, retry
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.data.push(value);
  }
}

/** The string fields each chunk type must carry. Chunk types not listed here (added by later
 *  versions of the protocol) are skipped. */
const REQUIRED: Record<string, string[]> = {
  start: [],
  finish: [],
  abort: [],
  "start-step": [],
  "finish-step": [],
  "message-metadata": [],
  "text-start": ["id"],
  "text-delta": ["id", "delta"],
  "text-end": ["id"],
  "reasoning-start": ["id"],
  "reasoning-delta": ["id", "delta"],
  "reasoning-end": ["id"],
  "tool-input-start": ["toolCallId", "toolName"],
  "tool-input-delta": ["toolCallId", "inputTextDelta"],
  "tool-input-available": ["toolCallId", "toolName"],
  "tool-input-error": ["toolCallId", "toolName", "errorText"],
  "tool-output-available": ["toolCallId"],
  "tool-output-error": ["toolCallId", "errorText"],
  "source-url": ["sourceId", "url"],
  "source-document": ["sourceId", "mediaType", "title"],
  file: ["url", "mediaType"],
  error: ["errorText"],
};

/** The chunks of the protocol that our server never writes (its own are wire.ts's StreamChunk, generated
 *  from the Go types that write them), as ai@5.0.30's schemas declare them: a stream from another
 *  server of the protocol may carry them, so the client reads them too. */
type ProtocolChunk =
  | { type: "abort" }
  | { type: "message-metadata"; messageMetadata?: unknown }
  | { type: "tool-input-error"; toolCallId: string; toolName: string; input?: unknown; errorText: string; dynamic?: boolean }
  | { type: "tool-output-error"; toolCallId: string; errorText: string }
  | { type: "source-url"; sourceId: string; url: string; title?: string }
  | { type: "source-document"; sourceId: string; mediaType: string; title: string; filename?: string }
  | { type: "file"; url: string; mediaType: string }
  | { type: `data-${string}`; id?: string; data: unknown; transient?: boolean };

/** Optional fields of the protocol that our server leaves out of the chunks it writes. */
interface ProtocolFields {
  messageMetadata?: unknown;
  dynamic?: boolean;
}

/** A chunk whose type is known and whose required fields are there (REQUIRED). */
type Chunk = (StreamChunk & ProtocolFields) | ProtocolChunk;

/** Builds one assistant message from the chunks of a stream. Each apply returns whether the message
 *  changed; `message` is then a new object (parts are replaced, never changed in place). */
export class MessageBuilder {
  message: ChatMessage;
  /** Set by a finish chunk. */
  finished = false;
  private open = new Map<string, number>(); // open text/reasoning part → index
  private tools = new Map<string, { index: number; text: string }>(); // tool call → index, input text

  constructor(id: string) {
    this.message = { id, role: "assistant", parts: [] };
  }

  /** Applies one event's data. Throws StreamProtocolError on a malformed chunk and AnswerStreamError on an error chunk. */
  applyData(data: string): boolean {
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new StreamProtocolError(`The answer stream sent data that is not JSON: ${data.slice(0, 80)}`);
    }
    const fields = chunk as Record<string, unknown> | null;
    if (!fields || typeof fields !== "object" || typeof fields.type !== "string") {
      throw new StreamProtocolError(`The answer stream sent a chunk without a type: ${data.slice(0, 80)}`);
    }
    const t = fields.type;
    const isData = t.startsWith("data-");
    const required = REQUIRED[t];
    if (!required && !isData) return false;
    for (const f of required ?? []) {
      if (typeof fields[f] !== "string") throw new StreamProtocolError(`The answer stream sent a ${t} chunk without ${f}.`);
    }
    if (isData && !("data" in fields)) throw new StreamProtocolError(`The answer stream sent a ${t} chunk without data.`);
    return this.apply(fields as Chunk);
  }

  /** Applies a chunk whose required fields applyData checked. */
  private apply(c: Chunk): boolean {
    const m = this.message;
    switch (c.type) {
      case "error":
        throw new AnswerStreamError(c.errorText);
      case "start":
        if (typeof c.messageId === "string") m.id = c.messageId;
        return this.meta(c.messageMetadata) || typeof c.messageId === "string";
      case "finish":
        this.finished = true;
        return this.meta(c.messageMetadata);
      case "message-metadata":
        return this.meta(c.messageMetadata);
      case "abort":
        return false;
      case "start-step":
        return this.push({ type: "step-start" });
      case "finish-step":
        this.open.clear();
        return false;
      case "text-start":
      case "reasoning-start":
        this.open.set(c.id, m.parts.length);
        return this.push({ type: c.type === "text-start" ? "text" : "reasoning", text: "", state: "streaming" });
      case "text-delta":
      case "reasoning-delta":
      case "text-end":
      case "reasoning-end": {
        const i = this.open.get(c.id);
        const p = i === undefined ? undefined : m.parts[i];
        if (i === undefined || !p || (p.type !== "text" && p.type !== "reasoning") || p.type !== c.type.slice(0, c.type.indexOf("-"))) {
          throw new StreamProtocolError(`The answer stream sent ${c.type} for a part it never started (${c.id}).`);
        }
        if (c.type === "text-delta" || c.type === "reasoning-delta") return this.set(i, { ...p, text: p.text + c.delta });
        this.open.delete(c.id);
        return this.set(i, { ...p, state: "done" });
      }
      case "tool-input-start":
        this.tools.set(c.toolCallId, { index: m.parts.length, text: "" });
        return this.push(this.toolPart(c, { state: "input-streaming" }));
      case "tool-input-delta": {
        const call = this.call(c);
        call.text += c.inputTextDelta;
        return this.updateTool(call.index, { state: "input-streaming", input: parsePartialJSON(call.text) });
      }
      case "tool-input-available":
      case "tool-input-error": {
        const fields: Omit<ToolFields, "toolCallId"> =
          c.type === "tool-input-available" ? { state: "input-available", input: c.input } : { state: "output-error", input: c.input, errorText: c.errorText };
        const known = this.tools.get(c.toolCallId);
        if (known) return this.updateTool(known.index, fields);
        this.tools.set(c.toolCallId, { index: m.parts.length, text: "" });
        return this.push(this.toolPart(c, fields));
      }
      case "tool-output-available":
        return this.updateTool(this.call(c).index, { state: "output-available", output: c.output });
      case "tool-output-error":
        return this.updateTool(this.call(c).index, { state: "output-error", errorText: c.errorText });
      case "source-url":
        return this.push({ type: "source-url", sourceId: c.sourceId, url: c.url, ...(typeof c.title === "string" ? { title: c.title } : {}) });
      case "source-document":
        return this.push({
          type: "source-document",
          sourceId: c.sourceId,
          mediaType: c.mediaType,
          title: c.title,
          ...(typeof c.filename === "string" ? { filename: c.filename } : {}),
        });
      case "file":
        return this.push({ type: "file", url: c.url, mediaType: c.mediaType });
    }
    // data-*: transient parts are not kept; one with the id of an earlier part of its type replaces it.
    const id = "id" in c && typeof c.id === "string" ? c.id : undefined;
    if ("transient" in c && c.transient === true) return false;
    const part: ChatPart = { type: c.type, ...(id !== undefined ? { id } : {}), data: c.data };
    const same = id !== undefined ? m.parts.findIndex((p) => p.type === c.type && "id" in p && p.id === id) : -1;
    return same >= 0 ? this.set(same, part) : this.push(part);
  }

  private toolPart(c: { toolCallId: string; toolName: string; dynamic?: boolean }, fields: Omit<ToolFields, "toolCallId">): ChatPart {
    const base = { toolCallId: c.toolCallId, ...fields };
    return c.dynamic === true ? { type: "dynamic-tool", toolName: c.toolName, ...base } : { type: `tool-${c.toolName}`, ...base };
  }

  private call(c: { type: string; toolCallId: string }): { index: number; text: string } {
    const call = this.tools.get(c.toolCallId);
    if (!call) throw new StreamProtocolError(`The answer stream sent ${c.type} for a tool call it never started (${c.toolCallId}).`);
    return call;
  }

  private updateTool(i: number, fields: Partial<ToolFields>): boolean {
    return this.set(i, { ...(this.message.parts[i] as ChatPart), ...fields } as ChatPart);
  }

  private meta(value: unknown): boolean {
    if (!value || typeof value !== "object") return false;
    this.message = { ...this.message, metadata: { ...this.message.metadata, ...(value as object) } };
    return true;
  }

  private push(p: ChatPart): boolean {
    this.message = { ...this.message, parts: [...this.message.parts, p] };
    return true;
  }

  private set(i: number, p: ChatPart): boolean {
    const parts = [...this.message.parts];
    parts[i] = p;
    this.message = { ...this.message, parts };
    return true;
  }
}

/** The value of JSON text cut anywhere (a tool's input while it streams): the longest prefix that
 *  parses once its open string, arrays and objects are closed; undefined when none does. */
export function parsePartialJSON(text: string): unknown {
  for (let end = text.length; end > 0; end--) {
    const prefix = text.slice(0, end);
    try {
      return JSON.parse(prefix + closers(prefix));
    } catch {
      // cut shorter
    }
  }
  return undefined;
}

function closers(s: string): string {
  const stack: string[] = [];
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") stack.push("}");
    else if (c === "[") stack.push("]");
    else if (c === "}" || c === "]") stack.pop();
  }
  return (inString ? '"' : "") + stack.reverse().join("");
}

/** Reads an answer stream to its end, calling onMessage with the assistant message each time a chunk
 *  changes it. Resolves on [DONE] (or the end of a stream that sent finish); rejects with the error
 *  chunk's AnswerStreamError, a StreamProtocolError, a read error, or an AbortError once signal aborts. */
export async function readAnswer(body: ReadableStream<Uint8Array>, messageId: string, onMessage: (m: ChatMessage) => void, signal?: AbortSignal): Promise<ChatMessage> {
  const builder = new MessageBuilder(messageId);
  const reader = body.getReader();
  let done = false;
  const decoder = new SSEDecoder((data) => {
    if (done) return;
    if (data === "[DONE]") {
      done = true;
      return;
    }
    if (builder.applyData(data)) onMessage(builder.message);
  });
  const abort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener("abort", abort);
  try {
    while (!done) {
      const r = await reader.read();
      if (signal?.aborted) break;
      if (r.done) break;
      decoder.push(r.value);
    }
    if (signal?.aborted) throw new DOMException("The answer was stopped.", "AbortError");
    if (!done && !builder.finished) throw new StreamProtocolError("The answer stream ended before it finished.");
    return builder.message;
  } finally {
    signal?.removeEventListener("abort", abort);
    void reader.cancel().catch(() => {});
  }
}
