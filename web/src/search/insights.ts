// Search analytics in the Algolia Insights event shape, sent to our own server: which results were
// shown (debounced, 400 ms) and which one was picked (with queryID and position).
// Fire-and-forget: failures, including a 404 from a server without the endpoint, are ignored.

import type { EventsRequest, InsightsEvent } from "../lib/api";

export const INSIGHTS_ENDPOINT = "/api/insights/1/events";
export const VIEW_DEBOUNCE_MS = 400;
/** The Insights API takes at most 20 objectIDs per event. */
const MAX_OBJECT_IDS = 20;

/** An anonymous token for this page load only: nothing about the reader is stored. */
export function anonymousToken(random: () => number = Math.random): string {
  let s = "";
  for (let i = 0; i < 16; i++) s += Math.floor(random() * 36).toString(36);
  return `anonymous-${s}`;
}

export interface InsightsOptions {
  index: string;
  fetch?: typeof fetch;
  endpoint?: string;
  userToken?: string;
  debounceMs?: number;
}

export class Insights {
  private readonly index: string;
  private readonly doFetch: typeof fetch;
  private readonly endpoint: string;
  private readonly debounceMs: number;
  readonly userToken: string;
  private viewTimer: ReturnType<typeof setTimeout> | undefined;
  private lastViewed = "";

  constructor(options: InsightsOptions) {
    this.index = options.index;
    this.doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    this.endpoint = options.endpoint ?? INSIGHTS_ENDPOINT;
    this.debounceMs = options.debounceMs ?? VIEW_DEBOUNCE_MS;
    this.userToken = options.userToken ?? anonymousToken();
  }

  /** Results shown: sent once the list has been stable for the debounce delay, once per list. */
  viewed(objectIDs: readonly string[]): void {
    clearTimeout(this.viewTimer);
    const ids = [...new Set(objectIDs.filter((id) => id !== ""))].slice(0, MAX_OBJECT_IDS);
    if (ids.length === 0) return;
    this.viewTimer = setTimeout(() => {
      const key = ids.join("\u0000");
      if (key === this.lastViewed) return;
      this.lastViewed = key;
      this.send({ eventType: "view", eventName: "Items Viewed", index: this.index, objectIDs: ids, userToken: this.userToken });
    }, this.debounceMs);
  }

  /** A result picked; `position` is its 1-based rank in the whole result list. */
  clicked(objectID: string, position: number, queryID: string | undefined): void {
    if (objectID === "") return;
    const event: InsightsEvent = {
      eventType: "click",
      eventName: "Item Selected",
      index: this.index,
      objectIDs: [objectID],
      positions: [position],
      userToken: this.userToken,
    };
    if (queryID) event.queryID = queryID;
    this.send(event);
  }

  /** Drops a pending view event (the dialog closed). */
  cancel(): void {
    clearTimeout(this.viewTimer);
  }

  private send(event: InsightsEvent): void {
    try {
      void this.doFetch(this.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ events: [event] } satisfies EventsRequest),
        keepalive: true,
      }).catch(() => {});
    } catch {
      // Analytics never break search.
    }
  }
}
