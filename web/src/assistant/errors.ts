// What the answer area says when an answer fails (SPEC §8): one of our own short messages, never
// a server's body or the browser's "Failed to fetch"; the details go to the console.

import { assistantStrings as t } from "./strings";

/** The reader's message for a failed answer. */
export function answerErrorText(err: Error | undefined): string {
  const m = err?.message ?? "";
  if (m.includes(t.startNew)) return t.startNew;
  if (/^too many /i.test(m.trim())) return t.tooMany;
  return t.streamError;
}
