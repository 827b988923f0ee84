// A fake Ask AI server for component tests: tokens, chat answered with the Go side's golden streams
// (internal/assistant/testdata), feedback. Chat streams can be gated to observe each stage.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import { createServices } from "../services";

export const TESTDATA = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "internal", "assistant", "testdata");

export function golden(name: string): string[] {
  const text = readFileSync(join(TESTDATA, name), "utf8");
  return text
    .split("\n\n")
    .map((e) => e.trim())
    .filter((e) => e !== "")
    .map((e) => `${e}\n\n`);
}

export function token(expSeconds = Math.floor(Date.now() / 1000) + 300): string {
  return `${btoa(JSON.stringify({ exp: expSeconds, aid: "tezos", jti: "j" }))}.sig`;
}

/** A chat answer: SSE events, optionally waiting on gates (promises) between them. */
export type Script = (string | Promise<unknown>)[];

export function sse(script: Script, signal?: AbortSignal | null): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      signal?.addEventListener("abort", () => {
        try {
          controller.error(new DOMException("aborted", "AbortError"));
        } catch {
          // already closed
        }
      });
      for (const step of script) {
        if (signal?.aborted) return;
        if (typeof step === "string") controller.enqueue(enc.encode(step));
        else await step;
        await new Promise((r) => setTimeout(r, 0));
      }
      if (!signal?.aborted) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" } });
}

/** A gate the test opens to let a stream go on. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

export interface FakeServer {
  services: ReturnType<typeof createServices>;
  fetch: ReturnType<typeof vi.fn>;
  chatBodies: unknown[];
  chatHeaders: Headers[];
  feedbackBodies: unknown[];
}

export function fakeServer(opts: {
  chat: (body: unknown, signal?: AbortSignal | null) => Response | Promise<Response>;
  feedback?: (body: unknown) => Response | Promise<Response>;
}): FakeServer {
  const chatBodies: unknown[] = [];
  const chatHeaders: Headers[] = [];
  const feedbackBodies: unknown[] = [];
  const f = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/chat/token")) return Response.json({ success: true, token: token() });
    const body: unknown = JSON.parse(String(init?.body ?? "null"));
    if (url.endsWith("/chat/feedback")) {
      feedbackBodies.push(body);
      return opts.feedback ? opts.feedback(body) : Response.json({ success: true });
    }
    if (url.endsWith("/chat")) {
      chatBodies.push(body);
      chatHeaders.push(new Headers(init?.headers));
      return opts.chat(body, init?.signal);
    }
    return new Response("not found", { status: 404 });
  });
  return { services: createServices("tezos", f as unknown as typeof fetch), fetch: f, chatBodies, chatHeaders, feedbackBodies };
}
