// One assistant message: reasoning, search entries, the answer text, the stage while it streams,
// 'You stopped this response', the action buttons and the related sources.

import { showAnswerActions } from "../actions";
import type { FeedbackState, Thumbs } from "../feedback";
import { answerText, currentStage, highlightedCode, isStopped, toBlocks, type Stage } from "../parts";
import { relatedSources, withoutSourcesSection } from "../sources";
import { assistantStrings as t } from "../strings";
import type { ChatMessage, ChatStatus } from "../types";
import { AnswerMarkdown } from "./AnswerMarkdown";
import { CopyButton } from "./CopyButton";

export interface AnswerProps {
  message: ChatMessage;
  isLast: boolean;
  status: ChatStatus;
  feedback: FeedbackState;
  onFeedback: (messageId: string, value: Thumbs) => void;
  onSearch?: (query: string) => void;
  onLinkClick?: () => void;
}

const stageText: Record<Stage, string> = { thinking: t.thinking, searching: t.searching, answering: t.answering };

export function StageLine({ stage }: { stage: Stage }) {
  return (
    <p className={`tz-assistant__stage tz-assistant__stage--${stage}`} role="status">
      <span className="tz-assistant__pulse" aria-hidden="true" />
      {stageText[stage]}
    </p>
  );
}

function Thumb({ down }: { down?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
      <path transform={down ? "rotate(180 10 10)" : undefined} d="M6 9l3-6a2 2 0 0 1 2 2v3h5a1 1 0 0 1 1 1.2l-1.3 6A1 1 0 0 1 14.7 16H6zM3 9h3v7H3z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

export function Answer({ message, isLast, status, feedback, onFeedback, onSearch, onLinkClick }: AnswerProps) {
  const busy = isLast && (status === "submitted" || status === "streaming");
  const stage = isLast ? currentStage(message, status) : null;
  const text = answerText(message);
  const sources = busy ? [] : relatedSources(text);
  const highlighted = highlightedCode(message);
  const actions = showAnswerActions(message, isLast, status);
  const pending = feedback.status === "pending";
  const fixed = feedback.status === "sent";

  return (
    <article className="tz-assistant__answer" aria-label={t.assistant} aria-busy={busy}>
      {toBlocks(message).map((b) => {
        switch (b.kind) {
          case "reasoning":
            return (
              <p key={b.key} className="tz-assistant__reasoning">
                {b.text}
              </p>
            );
          case "searching":
            return (
              <p key={b.key} className="tz-assistant__search tz-assistant__search--running">
                <span className="tz-assistant__pulse" aria-hidden="true" />
                <span className="tz-assistant__search-query">{b.query}</span>
              </p>
            );
          case "searched":
            return (
              <p key={b.key} className="tz-assistant__search">
                {t.searchedFor}{" "}
                {b.queries.map((q, i) => (
                  <span key={q}>
                    {i > 0 ? ", " : null}
                    {onSearch ? (
                      <button type="button" className="tz-assistant__search-query tz-assistant__link-button" onClick={() => onSearch(q)}>
                        {q}
                      </button>
                    ) : (
                      <span className="tz-assistant__search-query">{q}</span>
                    )}
                  </span>
                ))}
              </p>
            );
          case "text":
            return <AnswerMarkdown key={b.key} text={busy ? b.text : withoutSourcesSection(b.text)} onLinkClick={onLinkClick} highlighted={highlighted} />;
        }
      })}
      {stage ? <StageLine stage={stage} /> : null}
      {isStopped(message) ? <p className="tz-assistant__stopped">{t.stopped}</p> : null}
      {actions ? (
        <div className="tz-assistant__actions">
          <CopyButton text={text} label={t.copy} />
          <button
            type="button"
            className="tz-assistant__icon-button"
            aria-label={t.like}
            title={t.like}
            aria-pressed={feedback.value === "like"}
            aria-disabled={pending || fixed}
            onClick={() => onFeedback(message.id, "like")}
          >
            <Thumb />
          </button>
          <button
            type="button"
            className="tz-assistant__icon-button"
            aria-label={t.dislike}
            title={t.dislike}
            aria-pressed={feedback.value === "dislike"}
            aria-disabled={pending || fixed}
            onClick={() => onFeedback(message.id, "dislike")}
          >
            <Thumb down />
          </button>
          {fixed ? (
            <span className="tz-assistant__thanks" role="status">
              {t.thanks}
            </span>
          ) : null}
          {feedback.status === "failed" ? (
            <span className="tz-assistant__error" role="alert">
              {feedback.error}
            </span>
          ) : null}
        </div>
      ) : null}
      {sources.length > 0 ? (
        <nav className="tz-assistant__sources" aria-label={t.relatedSources}>
          <h3 className="tz-assistant__sources-title">{t.relatedSources}</h3>
          <ul>
            {sources.map((s) => (
              <li key={s.url}>
                <a
                  href={s.url}
                  {...(/^https?:/i.test(s.url) ? { target: "_blank", rel: "noopener noreferrer" } : { onClick: (e) => e.button === 0 && !e.metaKey && !e.ctrlKey && onLinkClick?.() })}
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
