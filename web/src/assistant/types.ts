// The message shapes of Ask AI (SPEC §3): AI SDK v5 UI messages whose metadata may say the reader
// stopped the answer, with searchIndex tool calls.

import type { UIMessage } from "ai";

export interface MessageMetadata {
  stopped?: boolean;
}

export type ChatMessage = UIMessage<MessageMetadata>;
export type ChatPart = ChatMessage["parts"][number];

/** useChat's statuses (SPEC §4). */
export type ChatStatus = "submitted" | "streaming" | "ready" | "error";

export const SEARCH_TOOL = "tool-searchIndex";

/** A stored conversation (SPEC §3 Exchange/Message, and the conversation entry's feedback). */
export interface Conversation {
  id: string;
  title: string;
  messages: ChatMessage[];
  /** Feedback given per assistant message id: 1 like, 0 dislike. */
  feedback: Record<string, 0 | 1>;
  updatedAt: number;
}
