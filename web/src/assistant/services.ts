// The network side of the conversation UI: one token client, the authorized fetch and the chat
// transport per page. Lives in the lazy chunk (it imports the AI SDK).

import { DefaultChatTransport, type ChatTransport } from "ai";
import type { SiteData } from "../lib/contract";
import { TokenClient, authorizedFetch } from "./token";
import type { ChatMessage } from "./types";

export const CHAT_ENDPOINT = "/api/askai/chat";

export interface AssistantServices {
  transport: ChatTransport<ChatMessage>;
  /** fetch with the assistant token, for feedback. */
  fetch: typeof fetch;
  /** Sent as appId and x-algolia-assistant-id with feedback. */
  appId: string;
}

export function createServices(assistantId: string, base?: typeof fetch): AssistantServices {
  const tokens = new TokenClient({ assistantId, ...(base ? { fetch: base } : {}) });
  const f = authorizedFetch(tokens, base);
  return { transport: new DefaultChatTransport<ChatMessage>({ api: CHAT_ENDPOINT, fetch: f }), fetch: f, appId: assistantId };
}

let shared: AssistantServices | null = null;

export function sharedServices(site: SiteData): AssistantServices {
  shared ??= createServices(site.askAi.assistantId);
  return shared;
}
