// What an assistant message shows, as data: its parts turned into display blocks (reasoning,
// search entries, text), the visible stage while it streams (docs/behaviour.md, "Ask AI") and its answer text.

import { SEARCH_TOOL, type ChatMessage, type ChatPart, type ChatStatus } from "./types";
import { CodePartType, type CodePart, type Part } from "./wire";

export type Block =
  | { kind: "reasoning"; key: string; text: string; streaming: boolean }
  /** A search still being typed or run; `query` may be partial. */
  | { kind: "searching"; key: string; query: string }
  /** Completed searches merged into one entry: consecutive calls, distinct non-empty queries. */
  | { kind: "searched"; key: string; queries: string[] }
  | { kind: "text"; key: string; text: string };

export type Stage = "thinking" | "searching" | "answering";

/** A tool call part: what the server reads of one (generated from Go) is what is shown of it. */
type ToolLike = Pick<Part, "type" | "state" | "input" | "output">;

function isSearch(p: ChatPart): p is ChatPart & ToolLike {
  return p.type === SEARCH_TOOL;
}

function queryOf(value: unknown): string {
  if (value && typeof value === "object" && "query" in value && typeof value.query === "string") return value.query.trim();
  return "";
}

/** The trimmed query of a search call: its output's when done, else its (possibly partial) input's. */
export function searchQuery(p: ToolLike): string {
  return (p.state === "output-available" ? queryOf(p.output) : "") || queryOf(p.input);
}

/** Turns a message's parts into display blocks. Step boundaries do not break a run of searches;
 *  completed searches with an empty query are dropped. */
export function toBlocks(message: ChatMessage): Block[] {
  const out: Block[] = [];
  message.parts.forEach((part, i) => {
    const last = out[out.length - 1];
    if (part.type === "step-start") return;
    if (part.type === "text") {
      if (last?.kind === "text") last.text += part.text;
      else out.push({ kind: "text", key: `t${i}`, text: part.text });
      return;
    }
    if (part.type === "reasoning") {
      if (part.text.trim() !== "") out.push({ kind: "reasoning", key: `r${i}`, text: part.text, streaming: part.state === "streaming" });
      return;
    }
    if (isSearch(part)) {
      const query = searchQuery(part);
      if (part.state === "output-available") {
        if (query === "") return;
        if (last?.kind === "searched") {
          if (!last.queries.includes(query)) last.queries.push(query);
        } else {
          out.push({ kind: "searched", key: `s${i}`, queries: [query] });
        }
      } else if (part.state === "input-streaming" || part.state === "input-available") {
        out.push({ kind: "searching", key: `q${i}`, query });
      }
      // output-error: nothing to show; the answer text tells.
    }
  });
  return out;
}

/** The answer's text: its text parts joined. */
export function answerText(message: ChatMessage | undefined): string {
  if (!message) return "";
  return message.parts
    .filter((p): p is Extract<ChatPart, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("");
}

/** The stage to show for the last assistant message (or none yet) while the chat is busy. */
export function currentStage(message: ChatMessage | undefined, status: ChatStatus): Stage | null {
  if (status !== "submitted" && status !== "streaming") return null;
  const parts = message && message.role === "assistant" ? message.parts.filter((p) => p.type !== "step-start") : [];
  const last = parts[parts.length - 1];
  if (!last) return "thinking";
  if (isSearch(last)) return last.state === "input-streaming" || last.state === "input-available" ? "searching" : "thinking";
  if (last.type === "text") return "answering";
  return "thinking";
}

export function isStopped(message: ChatMessage | undefined): boolean {
  return message?.metadata?.stopped === true;
}

/** Marks the answer being written as stopped by the reader; when no answer had started yet, adds an
 *  empty stopped one, so the conversation tells what happened. */
export function markStopped(messages: readonly ChatMessage[], newId: () => string): ChatMessage[] {
  const last = messages[messages.length - 1];
  if (!last) return [...messages];
  if (last.role === "assistant") return [...messages.slice(0, -1), { ...last, metadata: { ...last.metadata, stopped: true } }];
  return [...messages, { id: newId(), role: "assistant", parts: [], metadata: { stopped: true } }];
}

/** Questions asked in the conversation so far. */
export function questionCount(messages: readonly ChatMessage[]): number {
  return messages.filter((m) => m.role === "user").length;
}

/** The server's depth limit (internal/assistant DefaultMaxExchanges): questions per conversation. */
export const MAX_QUESTIONS = 20;

let counter = 0;
/** A unique enough id for conversations and local messages. */
export function newId(): string {
  counter += 1;
  const rand = Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${counter.toString(36)}-${rand}`;
}

/** The server's highlighted form of an answer's code blocks (data-tz-code parts), by codeKey. Each
 *  is checked to be token spans around exactly the block's text, else left out (shown plain). */
export function highlightedCode(message: ChatMessage | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of message?.parts ?? []) {
    if (part.type !== CodePartType) continue;
    const d = (part as { data?: unknown }).data as Partial<CodePart> | undefined;
    if (typeof d?.lang !== "string" || typeof d.code !== "string" || typeof d.html !== "string") continue;
    if (isTokenSpans(d.html, d.code)) out.set(codeKey(d.lang, d.code), d.html);
  }
  return out;
}

/** The key of a code block in highlightedCode. */
export function codeKey(lang: string, code: string): string {
  return `${lang}\n${code}`;
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#34;": '"', "&#39;": "'" };

/** Whether html is only <span class="…"> tokens whose text is code. */
function isTokenSpans(html: string, code: string): boolean {
  const tags = html.match(/<[^>]*>/g) ?? [];
  if (!tags.every((t) => t === "</span>" || /^<span class="[\w -]*">$/.test(t))) return false;
  const text = html.replace(/<[^>]*>/g, "").replace(/&(?:lt|gt|amp|quot|#34|#39);/g, (e) => ENTITIES[e] ?? e);
  return text === code && !/&#?\w+;/.test(html.replace(/&(?:lt|gt|amp|quot|#34|#39);/g, ""));
}
