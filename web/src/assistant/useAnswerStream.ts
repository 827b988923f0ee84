// The conversation's state for the Ask AI UI: its messages, status and error, asking (POST the whole
// conversation, then read the answer stream with readAnswer) and stopping. The request body is the
// one the server reads ({id, messages, trigger: "submit-message"}); a failed request's error carries
// the response's body as its message, for errors.ts to turn into the reader's message.

import { useCallback, useRef, useState, type SetStateAction } from "react";
import { readAnswer } from "./answerStream";
import { newId } from "./parts";
import type { ChatMessage, ChatStatus } from "./types";
import type { ChatRequest } from "./wire";

export interface AnswerStreamOptions {
  /** The conversation's id, sent with each question. */
  id: string;
  /** The messages to start from (a conversation restored from history). */
  messages?: ChatMessage[];
  api: string;
  fetch: typeof fetch;
}

export interface AnswerStream {
  messages: ChatMessage[];
  status: ChatStatus;
  error: Error | undefined;
  /** Adds the reader's question and streams the answer to it. */
  sendMessage: (text: string) => Promise<void>;
  /** Stops the answer being streamed, keeping what came; the status is ready at once. */
  stop: () => void;
  setMessages: (update: SetStateAction<ChatMessage[]>) => void;
  clearError: () => void;
}

export function useAnswerStream({ id, messages: initial, api, fetch: f }: AnswerStreamOptions): AnswerStream {
  const [messages, setMessagesState] = useState<ChatMessage[]>(() => initial ?? []);
  const [status, setStatus] = useState<ChatStatus>("ready");
  const [error, setError] = useState<Error | undefined>(undefined);
  const current = useRef(messages);
  const active = useRef<AbortController | null>(null);

  const setMessages = useCallback((update: SetStateAction<ChatMessage[]>) => {
    current.current = typeof update === "function" ? update(current.current) : update;
    setMessagesState(current.current);
  }, []);

  const sendMessage = useCallback(
    async (text: string) => {
      active.current?.abort();
      const ctrl = new AbortController();
      active.current = ctrl;
      const asked = [...current.current, { id: newId(), role: "user", parts: [{ type: "text", text }] } satisfies ChatMessage];
      setMessages(asked);
      setError(undefined);
      setStatus("submitted");
      try {
        const res = await f(api, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ id, messages: asked, trigger: "submit-message" } satisfies ChatRequest),
          signal: ctrl.signal,
        });
        if (!res.ok) throw new Error((await res.text()) || `The answer request failed with HTTP status ${res.status}.`);
        if (!res.body) throw new Error("The answer response has no body.");
        await readAnswer(
          res.body,
          newId(),
          (m) => {
            if (ctrl.signal.aborted) return;
            setMessages([...asked, m]);
            setStatus("streaming");
          },
          ctrl.signal,
        );
        if (!ctrl.signal.aborted) setStatus("ready");
      } catch (err) {
        if (ctrl.signal.aborted) return;
        setError(err instanceof Error ? err : new Error(String(err)));
        setStatus("error");
      } finally {
        if (active.current === ctrl) active.current = null;
      }
    },
    [api, f, id, setMessages],
  );

  const stop = useCallback(() => {
    if (!active.current) return;
    active.current.abort();
    active.current = null;
    setStatus("ready");
  }, []);

  const clearError = useCallback(() => {
    setError(undefined);
    setStatus((s) => (s === "error" ? "ready" : s));
  }, []);

  return { messages, status, error, sendMessage, stop, setMessages, clearError };
}
