import { describe, expect, it } from "vitest";
import { answerErrorText } from "../errors";

describe("answerErrorText", () => {
  it("keeps our own limit messages and hides everything else behind one message", () => {
    expect(answerErrorText(new Error("This conversation has reached 20 questions. Start a new conversation to continue."))).toBe(
      "Start a new conversation to continue.",
    );
    expect(answerErrorText(new Error("Too many questions in a short time. Try again in a minute."))).toBe(
      "Too many questions in a short time. Try again in a minute.",
    );
    expect(answerErrorText(new Error('{"message":"Too many questions in a short time. Try again in a minute.","status":429}'))).toBe(
      "Too many questions in a short time. Try again in a minute.",
    );
    expect(answerErrorText(new Error('{"message":"The question is empty.","status":400}'))).toBe("Something went wrong while answering. Try again.");
    for (const raw of ["boom", "{not json", "Failed to fetch", "<html><body>502 Bad Gateway</body></html>", ""]) {
      expect(answerErrorText(new Error(raw))).toBe("Something went wrong while answering. Try again.");
    }
    expect(answerErrorText(undefined)).toBe("Something went wrong while answering. Try again.");
  });
});
