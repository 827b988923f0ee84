// The message shapes of Ask AI: the UI messages of the AI SDK's UI message stream protocol (v1),
// as our answer stream client builds them (answerStream.ts) and the server reads them back as
// history, whose metadata may say the reader stopped the answer, with searchIndex tool calls.

export interface MessageMetadata {
  stopped?: boolean;
}

/** A tool call's progress: its input streaming, complete, then its output or an error. */
export type ToolState = "input-streaming" | "input-available" | "output-available" | "output-error";

export interface ToolFields {
  toolCallId: string;
  state: ToolState;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

export type ChatPart =
  | { type: "text"; text: string; state?: "streaming" | "done" }
  | { type: "reasoning"; text: string; state?: "streaming" | "done" }
  | { type: "step-start" }
  | { type: "source-url"; sourceId: string; url: string; title?: string }
  | { type: "source-document"; sourceId: string; mediaType: string; title: string; filename?: string }
  | { type: "file"; url: string; mediaType: string }
  /** A call of a tool the client knows by name: type is "tool-" + its name. */
  | ({ type: `tool-${string}` } & ToolFields)
  | ({ type: "dynamic-tool"; toolName: string } & ToolFields)
  /** Application data: type is "data-" + its name; a later part with the same type and id replaces it. */
  | { type: `data-${string}`; id?: string; data: unknown };

export interface ChatMessage {
  id: string;
  role: "system" | "user" | "assistant";
  parts: ChatPart[];
  metadata?: MessageMetadata;
}

/** The conversation's states: a question sent and no answer chunk yet, an answer streaming, the
 *  last answer ended (or was stopped), the last answer failed. */
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
