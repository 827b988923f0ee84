// Whether an answer shows its action buttons (copy, like, dislike): docs/behaviour.md, "Ask AI".

import { answerText, isStopped } from "./parts";
import type { ChatMessage, ChatStatus } from "./types";

export function showAnswerActions(message: ChatMessage, isLast: boolean, status: ChatStatus): boolean {
  return message.role === "assistant" && !isStopped(message) && isLast && status === "ready" && answerText(message).trim() !== "";
}
