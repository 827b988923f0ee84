import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anonymousToken, Insights } from "../insights";

function setup() {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response("", { status: 404 });
  });
  const insights = new Insights({ index: "tezosdocs", fetch: fetch as unknown as typeof globalThis.fetch, userToken: "anonymous-test" });
  return { insights, fetch, sent };
}

describe("Insights", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("debounces view events by 400 ms and sends the last list once", async () => {
    const { insights, fetch, sent } = setup();
    insights.viewed(["a"]);
    await vi.advanceTimersByTimeAsync(300);
    insights.viewed(["a", "b"]);
    await vi.advanceTimersByTimeAsync(399);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/insights/1/events");
    expect(sent[0]).toEqual({ events: [{ eventType: "view", eventName: "Items Viewed", index: "tezosdocs", objectIDs: ["a", "b"], userToken: "anonymous-test" }] });
    // The same list again is not sent twice.
    insights.viewed(["a", "b"]);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends clicks at once with queryID and position, ignoring failures", async () => {
    const { insights, sent } = setup();
    insights.clicked("obj-3", 4, "qid-9");
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      { events: [{ eventType: "click", eventName: "Item Selected", index: "tezosdocs", queryID: "qid-9", objectIDs: ["obj-3"], positions: [4], userToken: "anonymous-test" }] },
    ]);
  });

  it("cancel drops a pending view event", async () => {
    const { insights, fetch } = setup();
    insights.viewed(["a"]);
    insights.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("survives a fetch that throws or rejects", async () => {
    const insights = new Insights({ index: "i", fetch: (() => Promise.reject(new Error("offline"))) as typeof fetch });
    expect(() => insights.clicked("a", 1, undefined)).not.toThrow();
    const throwing = new Insights({ index: "i", fetch: (() => { throw new Error("sync"); }) as typeof fetch });
    expect(() => throwing.clicked("a", 1, undefined)).not.toThrow();
  });

  it("makes tokens the Insights API accepts", () => {
    expect(anonymousToken()).toMatch(/^anonymous-[a-z0-9]{16}$/);
  });
});
