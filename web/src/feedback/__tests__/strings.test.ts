/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_COMMENT_CHARS, feedbackStrings } from "../strings";

// The form's choices and limit must match what the server accepts (internal/feedback).
const goDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../internal/feedback");
const goSource = (file: string) => readFileSync(resolve(goDir, file), "utf8");
const goCategories = goSource("categories.go");
const goValidate = goSource("validate.go");

describe("feedback strings agree with the Go side", () => {
  it("lists the categories of feedback.Categories, in order", () => {
    const fromGo = [...goCategories.matchAll(/\{ID: "([^"]+)", Label: "([^"]+)"\}/g)].map((m) => ({ id: m[1], label: m[2] }));
    expect(fromGo.length).toBeGreaterThan(0);
    expect(feedbackStrings.form.categories).toEqual(fromGo);
  });

  it("uses the server's comment limit", () => {
    expect(goValidate).toMatch(new RegExp(`MaxCommentChars\\s*=\\s*${MAX_COMMENT_CHARS}\\b`));
  });

  it("keeps the placeholder and thanks texts word for word", () => {
    expect(feedbackStrings.widget.commentPlaceholder).toBe("Comments on specific points and/or aspects (out of date, wrong, incomplete, ...)");
    expect(feedbackStrings.widget.thanks).toBe("Thanks for your feedback!");
  });
});
