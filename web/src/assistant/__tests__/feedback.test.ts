import { describe, expect, it, vi } from "vitest";
import { NO_FEEDBACK, clickFeedback, feedbackFailed, feedbackSent, postFeedback, storedFeedback, thumbsValue } from "../feedback";

describe("feedback states", () => {
  it("goes from null to like or dislike, pending then fixed", () => {
    const liked = clickFeedback(NO_FEEDBACK, "like");
    expect(liked).toEqual({ value: "like", status: "pending", error: null });
    expect(clickFeedback(liked!, "dislike")).toBeNull();
    const sent = feedbackSent(liked!);
    expect(sent.status).toBe("sent");
    expect(clickFeedback(sent, "dislike")).toBeNull();
    expect(clickFeedback(sent, "like")).toBeNull();
  });
  it("shows the failure message, or the default text, and allows another try", () => {
    expect(feedbackFailed("Too many requests, try again in a minute.").error).toBe("Too many requests, try again in a minute.");
    const failed = feedbackFailed(undefined);
    expect(failed).toEqual({ value: null, status: "failed", error: "An error occured" });
    expect(clickFeedback(failed, "dislike")).toMatchObject({ value: "dislike", status: "pending" });
  });
  it("sends 1 for like, 0 for dislike, and restores stored values as fixed", () => {
    expect(thumbsValue("like")).toBe(1);
    expect(thumbsValue("dislike")).toBe(0);
    expect(storedFeedback(0)).toEqual({ value: "dislike", status: "sent", error: null });
    expect(storedFeedback(undefined)).toBe(NO_FEEDBACK);
  });
});

describe("postFeedback", () => {
  it("posts appId, messageId and thumbs", async () => {
    const f = vi.fn(async (..._args: Parameters<typeof fetch>) => new Response('{"success":true}', { status: 200 }));
    await postFeedback({ fetch: f, appId: "app", messageId: "m1", thumbs: 1 });
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe("/api/askai/chat/feedback");
    expect(JSON.parse(String(init?.body))).toEqual({ appId: "app", messageId: "m1", thumbs: 1 });
    expect(new Headers(init?.headers).get("x-algolia-assistant-id")).toBe("app");
  });
  it("rejects with the server's plain-text message", async () => {
    const f = async () => new Response("This answer was already rated.", { status: 409 });
    await expect(postFeedback({ fetch: f, appId: "a", messageId: "m", thumbs: 0 })).rejects.toThrow("This answer was already rated.");
  });
});
