// Whether an answer shows its action buttons (copy, like, dislike): SPEC §5.

import { answerText, isStopped } from "./parts";
import type { ChatMessage, ChatStatus } from "./types";

export function showAnswerActions(message: ChatMessage, isLast: boolean, status: ChatStatus): boolean {
  return message.role === "assistant" && !isStopped(message) && isLast && status === "ready" && answerText(message).trim() !== "";
}
