// The addresses the page menu links to: the page's Markdown, and chat assistants asked to read it.
// Plain strings: nothing is requested from another site until the reader follows a link.

import type { SiteData } from "./contract";

/** The absolute URL of a page's Markdown (page.markdown, a path under the site's base URL), as an
 *  assistant on another site must be given it. */
export function markdownURL(site: Pick<SiteData, "url" | "baseUrl">, path: string): string {
  return site.url.replace(/\/+$/, "") + site.baseUrl.replace(/\/+$/, "") + path;
}

/** What a chat assistant is asked when the reader opens the page in it. */
export function readPagePrompt(url: string): string {
  return `Read ${url} so that I can ask you questions about it.`;
}

/** A new ChatGPT conversation that starts with the prompt (web search on, so it can read the URL). */
export function chatGPTLink(prompt: string): string {
  return `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}`;
}

/** A new Claude conversation that starts with the prompt. */
export function claudeLink(prompt: string): string {
  return `https://claude.ai/new?q=${encodeURIComponent(prompt)}`;
}
