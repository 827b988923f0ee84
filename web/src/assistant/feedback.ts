// Feedback per answer (docs/behaviour.md, "Ask AI"): null → like or dislike; clicks ignored while pending; fixed
// once submitted; a failure shows its message (or 'An error occured') and allows another try.

import { errorText } from "./token";
import type { Rating } from "./wire";

export type Thumbs = "like" | "dislike";

export interface FeedbackState {
  value: Thumbs | null;
  status: "idle" | "pending" | "sent" | "failed";
  error: string | null;
}

export const NO_FEEDBACK: FeedbackState = { value: null, status: "idle", error: null };
export const FEEDBACK_ENDPOINT = "/api/askai/chat/feedback";
export const DEFAULT_FEEDBACK_ERROR = "An error occured";

/** The state after a click, or null when the click must be ignored. */
export function clickFeedback(state: FeedbackState, value: Thumbs): FeedbackState | null {
  if (state.status === "pending" || state.status === "sent") return null;
  return { value, status: "pending", error: null };
}

export function feedbackSent(state: FeedbackState): FeedbackState {
  return { ...state, status: "sent", error: null };
}

export function feedbackFailed(message: string | undefined): FeedbackState {
  return { value: null, status: "failed", error: message && message.trim() !== "" ? message : DEFAULT_FEEDBACK_ERROR };
}

/** 1 for like, 0 for dislike. */
export function thumbsValue(value: Thumbs): 0 | 1 {
  return value === "like" ? 1 : 0;
}

export function storedFeedback(thumbs: 0 | 1 | undefined): FeedbackState {
  if (thumbs === undefined) return NO_FEEDBACK;
  return { value: thumbs === 1 ? "like" : "dislike", status: "sent", error: null };
}

/** Posts the feedback; rejects with the server's message on failure. */
export async function postFeedback(opts: { fetch: typeof fetch; appId: string; messageId: string; thumbs: 0 | 1 }): Promise<void> {
  const res = await opts.fetch(FEEDBACK_ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", "x-algolia-assistant-id": opts.appId },
    body: JSON.stringify({ appId: opts.appId, messageId: opts.messageId, thumbs: opts.thumbs } satisfies Rating),
  });
  if (!res.ok) throw new Error(await errorText(res, DEFAULT_FEEDBACK_ERROR));
}
