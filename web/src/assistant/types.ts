// The message shapes of Ask AI: AI SDK v5 UI messages whose metadata may say the reader
// stopped the answer, with searchIndex tool calls.

import type { UIMessage } from "ai";

export interface MessageMetadata {
  stopped?: boolean;
}

export type ChatMessage = UIMessage<MessageMetadata>;
export type ChatPart = ChatMessage["parts"][number];

/** useChat's statuses. */
export type ChatStatus = "submitted" | "streaming" | "ready" | "error";

export const SEARCH_TOOL = "tool-searchIndex";

/** A stored conversation: its exchanges of messages, and the feedback given to its answers. */
export interface Conversation {
  id: string;
  title: string;
  messages: ChatMessage[];
  /** Feedback given per assistant message id: 1 like, 0 dislike. */
  feedback: Record<string, 0 | 1>;
  updatedAt: number;
}
