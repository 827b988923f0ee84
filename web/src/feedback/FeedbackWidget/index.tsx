import { useEffect, useId, useReducer, useRef, useState } from "react";
import type { FormEvent, JSX } from "react";
import { readStored, writeStored } from "../../lib/storage";
import { postFeedback } from "../api";
import { Honeypot } from "../Honeypot";
import { MAX_COMMENT_CHARS, feedbackStrings } from "../strings";
import { formatVote, parseVote, voteKey } from "../vote";
import "./styles.css";

const t = feedbackStrings.widget;

type Step = "vote" | "comment" | "done";

interface State {
  step: Step;
  helpful: boolean | null; // the recorded vote
  busy: boolean;
  status: string; // polite live region
  error: string; // assertive live region
}

type Action =
  | { type: "restore"; helpful: boolean; commented: boolean }
  | { type: "send" }
  | { type: "voted"; helpful: boolean }
  | { type: "done" }
  | { type: "failed"; message: string };

const initial: State = { step: "vote", helpful: null, busy: false, status: "", error: "" };

function reduce(s: State, a: Action): State {
  switch (a.type) {
    case "restore":
      return { ...initial, helpful: a.helpful, step: a.commented ? "done" : "comment", status: a.commented ? t.thanks : "" };
    case "send":
      return { ...s, busy: true, error: "" };
    case "voted":
      return { ...s, busy: false, helpful: a.helpful, step: "comment", status: t.voted };
    case "done":
      return { ...s, busy: false, step: "done", status: t.thanks };
    case "failed":
      return { ...s, busy: false, error: a.message };
  }
}

/**
 * "Was this page helpful?" at the bottom of a doc page. The first render is the same on server and
 * client (no vote); the stored vote of `route` is read after mount. A new route starts afresh.
 */
export function FeedbackWidget({ route }: { route: string }): JSX.Element {
  return <Widget key={route} route={route} />;
}

function Widget({ route }: { route: string }) {
  const [state, dispatch] = useReducer(reduce, initial);
  const [comment, setComment] = useState("");
  const trap = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const key = voteKey(route);

  useEffect(() => {
    const saved = parseVote(readStored(key));
    if (saved) dispatch({ type: "restore", ...saved });
  }, [key]);

  const website = () => trap.current?.value ?? "";

  async function vote(helpful: boolean) {
    if (state.busy || state.helpful !== null) return;
    dispatch({ type: "send" });
    const res = await postFeedback({ url: route, helpful, website: website() });
    if (!res.ok) return dispatch({ type: "failed", message: res.message });
    writeStored(key, formatVote({ helpful, commented: false }));
    dispatch({ type: "voted", helpful });
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    const helpful = state.helpful;
    if (state.busy || helpful === null) return;
    if (comment.trim()) {
      dispatch({ type: "send" });
      // The vote was already sent; the comment goes alone so the vote is counted once.
      const res = await postFeedback({ url: route, comment, website: website() });
      if (!res.ok) return dispatch({ type: "failed", message: res.message });
    }
    writeStored(key, formatVote({ helpful, commented: true }));
    dispatch({ type: "done" });
    status.current?.focus(); // the form that had focus goes away

  }

  const locked = state.busy || state.helpful !== null;
  const button = (helpful: boolean) => (
    <button
      type="button"
      className={`tz-feedback__button tz-feedback__button--${helpful ? "yes" : "no"}`}
      aria-pressed={state.helpful === helpful}
      aria-disabled={locked || undefined}
      onClick={() => void vote(helpful)}
    >
      {helpful ? t.yes : t.no}
    </button>
  );

  return (
    <section className="tz-feedback" aria-labelledby={id + "q"}>
      <div className="tz-feedback__vote">
        <p className="tz-feedback__question" id={id + "q"}>
          {t.question}
        </p>
        {button(true)}
        {button(false)}
      </div>
      {state.step === "comment" && (
        <form className="tz-feedback__comment" onSubmit={(e) => void send(e)}>
          <label className="tz-feedback__label" htmlFor={id + "c"}>
            {t.commentLabel}
          </label>
          <textarea
            id={id + "c"}
            className="tz-feedback__textarea"
            rows={4}
            maxLength={MAX_COMMENT_CHARS}
            placeholder={t.commentPlaceholder}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <button type="submit" className="tz-feedback__submit" aria-disabled={state.busy || undefined}>
            {state.busy ? t.sending : t.submit}
          </button>
        </form>
      )}
      <Honeypot inputRef={trap} />
      <p className="tz-feedback__status" role="status" ref={status} tabIndex={-1}>
        {state.status}
      </p>
      <p className="tz-feedback__error" role="alert">
        {state.error}
      </p>
    </section>
  );
}
