// What the answer area says when an answer fails (docs/behaviour.md): one of our own short messages, never
// a server's body or the browser's "Failed to fetch"; the details go to the console.

import { assistantStrings as t } from "./strings";

/** The reader's message for a failed answer. A failed request's error carries the server's body
 * (useAnswerStream):
 * the API error shape {"message", "status"}, or plain text from a proxy. */
export function answerErrorText(err: Error | undefined): string {
  const m = serverMessage(err?.message ?? "");
  if (m.includes(t.startNew)) return t.startNew;
  if (/^too many /i.test(m.trim())) return t.tooMany;
  return t.streamError;
}

/** The message of an API error body {"message": …, "status": …}, or the text as it is. */
function serverMessage(text: string): string {
  if (!text.trimStart().startsWith("{")) return text;
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  } catch {
    // not JSON after all
  }
  return text;
}
