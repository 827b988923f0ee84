// Test helper: a fetch stand-in that answers each call from a queue and records what was posted.
import { vi } from "vitest";

export interface Posted {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

export function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Installs a mocked global fetch answering with `answers` in order (the last one repeats). */
export function mockFetch(...answers: Array<Response | Error>) {
  const posted: Posted[] = [];
  let i = 0;
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    posted.push({ url: String(url), init: init ?? {}, body: JSON.parse(String(init?.body ?? "null")) as Record<string, unknown> });
    const a = answers[Math.min(i++, answers.length - 1)];
    if (!a || a instanceof Error) throw a ?? new Error("no answer");
    return a.clone();
  });
  vi.stubGlobal("fetch", fn);
  return { fn, posted };
}
