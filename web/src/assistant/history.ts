// Conversation history in localStorage (at most 10, newest first, removable), through lib/storage so
// unavailable storage only warns once.

import { readStored, writeStored } from "../lib/storage";
import type { ChatMessage, Conversation } from "./types";

export const HISTORY_KEY = "tzdocs-askai-conversations";
export const MAX_CONVERSATIONS = 10;
/** Hits kept per stored search call: enough to show, small enough for storage. */
const STORED_HITS = 5;

function isConversation(v: unknown): v is Conversation {
  if (!v || typeof v !== "object") return false;
  const c = v as Partial<Conversation>;
  return typeof c.id === "string" && typeof c.title === "string" && Array.isArray(c.messages) && typeof c.updatedAt === "number";
}

/** The conversation's title: its first question, on one line. */
export function conversationTitle(messages: readonly ChatMessage[]): string {
  const first = messages.find((m) => m.role === "user");
  const text = first?.parts.map((p) => (p.type === "text" ? p.text : "")).join(" ") ?? "";
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function compact(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => ({
    ...m,
    parts: m.parts.map((p) => {
      if (p.type.startsWith("tool-") && "output" in p && p.output && typeof p.output === "object" && "hits" in p.output && Array.isArray(p.output.hits)) {
        return { ...p, output: { ...p.output, hits: p.output.hits.slice(0, STORED_HITS) } } as typeof p;
      }
      return p;
    }),
  }));
}

export class ConversationHistory {
  constructor(private readonly key = HISTORY_KEY) {}

  list(): Conversation[] {
    const raw = readStored(this.key);
    if (!raw) return [];
    try {
      const v: unknown = JSON.parse(raw);
      return Array.isArray(v) ? v.filter(isConversation).map((c) => ({ ...c, feedback: c.feedback ?? {} })) : [];
    } catch {
      return [];
    }
  }

  get(id: string): Conversation | undefined {
    return this.list().find((c) => c.id === id);
  }

  /** Saves (or moves to the top) a conversation with at least one question; keeps the newest 10. */
  save(c: Conversation): void {
    if (!c.messages.some((m) => m.role === "user")) return;
    const entry: Conversation = { ...c, title: c.title || conversationTitle(c.messages), messages: compact(c.messages) };
    const rest = this.list().filter((x) => x.id !== c.id);
    this.write([entry, ...rest].slice(0, MAX_CONVERSATIONS));
  }

  remove(id: string): void {
    this.write(this.list().filter((c) => c.id !== id));
  }

  private write(list: Conversation[]): void {
    writeStored(this.key, list.length > 0 ? JSON.stringify(list) : null);
  }
}
