import { afterEach, describe, expect, it, vi } from "vitest";
import { postFeedback } from "../api";
import { json, mockFetch, text } from "../test/fetch";

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = { url: "/a", helpful: true, website: "" };

describe("postFeedback", () => {
  it("returns the id on 201", async () => {
    mockFetch(json(201, { ok: true, id: 42 }));
    expect(await postFeedback(body)).toEqual({ ok: true, id: 42 });
  });
  it("returns the server's message and field on 400", async () => {
    mockFetch(json(400, { message: "comment is required", field: "comment" }));
    expect(await postFeedback(body)).toEqual({ ok: false, status: 400, message: "Comment is required", field: "comment" });
  });
  it("has a generic text for a 400 without a usable message, 413, 415 and 500", async () => {
    for (const [res, re] of [
      [text(400, "bad"), /could not be sent/],
      [json(413, { message: "the feedback is larger than 16 KB" }), /too long/],
      [json(415, { message: "send JSON" }), /could not be sent/],
      [json(500, { message: "your feedback could not be saved" }), /could not be sent/],
    ] as const) {
      mockFetch(res);
      const r = await postFeedback(body);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.message).toMatch(re);
    }
  });
  it("shows the message of a JSON 429, or a generic text for another body", async () => {
    mockFetch(json(429, { message: "Slow down.\n", status: 429 }));
    expect(await postFeedback(body)).toMatchObject({ ok: false, status: 429, message: "Slow down." });
    mockFetch(text(429, "Slow down.\n"));
    expect(await postFeedback(body)).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/try again in a minute/) });
    mockFetch(new Response("<html>busy</html>", { status: 429, headers: { "Content-Type": "text/html" } }));
    expect(await postFeedback(body)).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/try again in a minute/) });
  });
  it("turns a network failure into a message", async () => {
    mockFetch(new TypeError("Failed to fetch"));
    expect(await postFeedback(body)).toMatchObject({ ok: false, status: 0, message: expect.stringMatching(/network/) });
  });
});
