// The network side of the conversation UI: one token client and the authorized fetch per page, used
// for the chat stream (useAnswerStream) and feedback.

import type { SiteData } from "../lib/contract";
import { TokenClient, authorizedFetch } from "./token";

export const CHAT_ENDPOINT = "/api/askai/chat";

export interface AssistantServices {
  /** fetch with the assistant token, for the chat stream and feedback. */
  fetch: typeof fetch;
  /** Sent as appId and x-algolia-assistant-id with feedback. */
  appId: string;
}

export function createServices(assistantId: string, base?: typeof fetch): AssistantServices {
  const tokens = new TokenClient({ assistantId, ...(base ? { fetch: base } : {}) });
  return { fetch: authorizedFetch(tokens, base), appId: assistantId };
}

let shared: AssistantServices | null = null;

export function sharedServices(site: SiteData): AssistantServices {
  shared ??= createServices(site.askAi.assistantId);
  return shared;
}
