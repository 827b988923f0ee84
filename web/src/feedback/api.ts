// The client of POST /api/feedback (internal/feedback.Handler). Headless: components decide how to
// show a result. Every failure becomes a message a reader can act on; nothing here throws.
import type { Receipt, Refusal, Submission } from "../lib/api";
import { feedbackStrings } from "./strings";

export const FEEDBACK_ENDPOINT = "/api/feedback";

export type FeedbackResult =
  | { ok: true; id: number }
  | { ok: false; status: number; message: string; field?: string | undefined };

const errors = feedbackStrings.errors;

/** Upper-cases the first letter: the server writes messages to fit in logs ("comment is required"). */
export function sentence(message: string): string {
  const t = message.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Posts one feedback entry (`website` is the honeypot: always sent, empty for people). 201 → ok; 400 → the server's message and field; 429 → the server's message. */
export async function postFeedback(body: Submission): Promise<FeedbackResult> {
  let res: Response;
  try {
    res = await fetch(FEEDBACK_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: errors.network };
  }
  const { status } = res;
  if (status === 201) {
    const data = (await res.json().catch(() => null)) as Partial<Receipt> | null;
    return { ok: true, id: typeof data?.id === "number" ? data.id : 0 };
  }
  if (status === 400) {
    const data = (await res.json().catch(() => null)) as Partial<Refusal> | null;
    if (data && typeof data.message === "string" && data.message.trim()) {
      const field = typeof data.field === "string" && data.field ? data.field : undefined;
      return { ok: false, status, message: sentence(data.message), field };
    }
  }
  if (status === 413) return { ok: false, status, message: errors.tooLarge };
  if (status === 429) {
    const data = (await res.json().catch(() => null)) as Partial<Refusal> | null;
    const text = data && typeof data.message === "string" ? data.message.trim() : "";
    return { ok: false, status, message: text && text.length <= 300 ? text : errors.rateLimited };
  }
  return { ok: false, status, message: errors.generic };
}
