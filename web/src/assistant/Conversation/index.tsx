// The conversation UI shared by the search dialog's AI mode and the chatbot: useAnswerStream over the
// assistant's UI message stream, the answers, the question input with its stop button, the
// disclaimer (site.askAi.disclaimer), and the new-conversation screen when nothing was asked yet. Saves itself to history.

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { SiteData } from "../../lib/contract";
import { clickFeedback, feedbackFailed, feedbackSent, postFeedback, storedFeedback, thumbsValue, type FeedbackState, type Thumbs } from "../feedback";
import { answerErrorText } from "../errors";
import { conversationTitle, type ConversationHistory } from "../history";
import { MAX_QUESTIONS, currentStage, markStopped, newId, questionCount } from "../parts";
import { CHAT_ENDPOINT, sharedServices, type AssistantServices } from "../services";
import { assistantStrings as t } from "../strings";
import type { ChatMessage, Conversation as StoredConversation } from "../types";
import { useAnswerStream } from "../useAnswerStream";
import { Answer, StageLine } from "./Answer";
import "./styles.css";

export interface ConversationProps {
  site: SiteData;
  history: ConversationHistory;
  /** A conversation restored from history. */
  conversation?: StoredConversation;
  /** A question to ask right away (the dialog's 'Ask AI: <query>' row). */
  initialQuestion?: string;
  /** Leave AI mode and run a keyword search (a 'Searched for' query was clicked). */
  onSearch?: (query: string) => void;
  /** An answer's internal link was followed (the dialog closes). */
  onLinkClick?: () => void;
  onNewConversation?: () => void;
  /** Called after the conversation was saved to history. */
  onSaved?: () => void;
  /** Injected in tests; the page-wide ones otherwise. */
  services?: AssistantServices;
  autoFocus?: boolean;
}

function userText(m: ChatMessage): string {
  return m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export function Conversation(props: ConversationProps) {
  const { site, history, onSearch, onLinkClick } = props;
  const [services] = useState(() => props.services ?? sharedServices(site));
  const [id] = useState(() => props.conversation?.id ?? newId());
  const { messages, status, error, sendMessage, stop, setMessages, clearError } = useAnswerStream({
    id,
    messages: props.conversation?.messages ?? [],
    api: CHAT_ENDPOINT,
    fetch: services.fetch,
  });
  const [input, setInput] = useState("");
  const [feedback, setFeedback] = useState<Record<string, FeedbackState>>(() =>
    Object.fromEntries(Object.entries(props.conversation?.feedback ?? {}).map(([k, v]) => [k, storedFeedback(v)])),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const busy = status === "submitted" || status === "streaming";
  const full = questionCount(messages) >= MAX_QUESTIONS;

  const ask = useCallback(
    (question: string) => {
      const q = question.trim();
      if (q === "") return;
      if (error) clearError();
      void sendMessage(q);
    },
    [sendMessage, error, clearError],
  );

  // The question handed over by the dialog, asked once.
  useEffect(() => {
    if (asked.current || !props.initialQuestion) return;
    asked.current = true;
    ask(props.initialQuestion);
  }, [ask, props.initialQuestion]);

  useEffect(() => {
    if (props.autoFocus !== false) inputRef.current?.focus();
  }, [props.autoFocus]);

  // Saved whenever an answer ends (ready, stopped or failed) and when feedback is given.
  const onSaved = useRef(props.onSaved);
  useEffect(() => {
    onSaved.current = props.onSaved;
  });
  useEffect(() => {
    if ((status !== "ready" && status !== "error") || messages.length === 0) return;
    const stored: Record<string, 0 | 1> = {};
    for (const [k, v] of Object.entries(feedback)) if (v.status === "sent" && v.value) stored[k] = thumbsValue(v.value);
    history.save({ id, title: conversationTitle(messages), messages, feedback: stored, updatedAt: Date.now() });
    onSaved.current?.();
  }, [status, messages, feedback, history, id]);

  // Keep the newest text in view while it streams.
  useEffect(() => {
    const el = endRef.current;
    if (el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "nearest" });
  }, [messages, status]);

  const onStop = () => {
    stop();
    setMessages((ms) => markStopped(ms, newId));
    inputRef.current?.focus();
  };

  const onFeedback = (messageId: string, value: Thumbs) => {
    const next = clickFeedback(feedback[messageId] ?? storedFeedback(undefined), value);
    if (!next) return;
    setFeedback((f) => ({ ...f, [messageId]: next }));
    postFeedback({ fetch: services.fetch, appId: services.appId, messageId, thumbs: thumbsValue(value) }).then(
      () => {
        setFeedback((f) => ({ ...f, [messageId]: feedbackSent(next) }));
      },
      (err: unknown) => setFeedback((f) => ({ ...f, [messageId]: feedbackFailed(err instanceof Error ? err.message : undefined) })),
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || full) return;
    ask(input);
    setInput("");
  };

  const last = messages[messages.length - 1];
  const waiting = busy && last?.role === "user";
  const empty = messages.length === 0;
  const errorText = answerErrorText(error);
  const limitError = errorText === t.startNew;

  // The reader sees a short message of ours; maintainers find the details in the console.
  useEffect(() => {
    if (error) console.warn("tzdocs assistant: the answer failed", error);
  }, [error]);

  return (
    <div className="tz-assistant">
      <div className="tz-assistant__messages" role="log" aria-label={t.conversationLabel}>
        {empty ? (
          <div className="tz-assistant__new">
            <h2 className="tz-assistant__new-title">{t.newConversationTitle}</h2>
            {site.askAi.suggestedQuestions.length > 0 ? (
              <ul className="tz-assistant__suggestions" aria-label={t.suggestedQuestions}>
                {site.askAi.suggestedQuestions.map((q) => (
                  <li key={q}>
                    <button type="button" className="tz-assistant__suggestion" onClick={() => ask(q)}>
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {messages.map((m, i) =>
          m.role === "user" ? (
            <p key={m.id} className="tz-assistant__question">
              <span className="tz-sr-only">{t.you}: </span>
              {userText(m)}
            </p>
          ) : m.role === "assistant" ? (
            <Answer
              key={m.id}
              message={m}
              isLast={i === messages.length - 1}
              status={status}
              feedback={feedback[m.id] ?? storedFeedback(undefined)}
              onFeedback={onFeedback}
              onSearch={onSearch}
              onLinkClick={onLinkClick}
            />
          ) : null,
        )}
        {waiting ? <StageLine stage={currentStage(undefined, status) ?? "thinking"} /> : null}
        {error ? (
          <div className="tz-assistant__error" role="alert">
            <p>{errorText}</p>
            {limitError && props.onNewConversation ? (
              <button type="button" className="tz-assistant__link-button" onClick={props.onNewConversation}>
                {t.newConversation}
              </button>
            ) : null}
          </div>
        ) : null}
        <div ref={endRef} />
      </div>
      {full ? (
        <p className="tz-assistant__limit" role="status">
          {t.startNew}{" "}
          {props.onNewConversation ? (
            <button type="button" className="tz-assistant__link-button" onClick={props.onNewConversation}>
              {t.newConversation}
            </button>
          ) : null}
        </p>
      ) : null}
      <form className="tz-assistant__form" onSubmit={onSubmit}>
        <input
          ref={inputRef}
          className="tz-assistant__input"
          type="text"
          aria-label={empty ? t.askFirst : t.askAnother}
          placeholder={empty ? t.askFirst : t.askAnother}
          autoComplete="off"
          maxLength={2000}
          value={input}
          disabled={full}
          onChange={(e) => setInput(e.target.value)}
        />
        {busy ? (
          <button type="button" className="tz-assistant__send tz-assistant__send--stop" aria-label={t.stop} title={t.stop} onClick={onStop}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <rect x="2" y="2" width="10" height="10" rx="1.5" fill="currentColor" />
            </svg>
          </button>
        ) : (
          <button type="submit" className="tz-assistant__send" aria-label={t.send} title={t.send} disabled={full || input.trim() === ""}>
            <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M3 10l14-7-5 15-2.5-5.5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </form>
      <p className="tz-assistant__disclaimer">{site.askAi.disclaimer}</p>
    </div>
  );
}

export default Conversation;
