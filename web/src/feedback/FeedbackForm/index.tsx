import { useId, useRef, useState } from "react";
import type { FormEvent, JSX, ReactNode } from "react";
import { postFeedback } from "../api";
import type { Submission } from "../../lib/api";
import { Honeypot } from "../Honeypot";
import { MAX_COMMENT_CHARS, feedbackStrings } from "../strings";
import { countChars, normalisePageUrl } from "../url";
import "./styles.css";

const t = feedbackStrings.form;
const e = feedbackStrings.errors;

type Field = "url" | "category" | "comment" | "email";
const FIELDS: readonly Field[] = ["url", "category", "comment", "email"];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const empty: Values = { url: "", category: "", comment: "", email: "" };

function isField(name: string | undefined): name is Field {
  return (FIELDS as readonly string[]).includes(name ?? "");
}

function siteHost(): string {
  return typeof location === "undefined" ? "" : location.host;
}

/** Checks what the browser can check; the server checks everything again (email among others). */
function check(v: Values): { errors: Errors; url: string } {
  const errors: Errors = {};
  const u = normalisePageUrl(v.url, siteHost());
  if ("error" in u) errors.url = u.error;
  if (!v.category) errors.category = e.categoryRequired;
  const n = countChars(v.comment);
  if (!v.comment.trim()) errors.comment = e.commentRequired;
  else if (n > MAX_COMMENT_CHARS) errors.comment = e.commentTooLong(n);
  return { errors, url: "path" in u ? u.path : v.url };
}

/**
 * The general feedback form of /overview/feedback: page URL (optional), category, comment (required,
 * at most 5,000 characters) and email (optional). Field errors, from the browser or the server, sit
 * under their field and are tied to it with aria-describedby.
 */
export function FeedbackForm(): JSX.Element {
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const trap = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  const fid = (f: Field) => `${id}${f}`;
  const focus = (f: Field) => form.current?.querySelector<HTMLElement>(`[name="${f}"]`)?.focus();
  const set = (f: Field, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    if (errors[f]) setErrors((errs) => ({ ...errs, [f]: undefined }));
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (busy) return;
    const checked = check(values);
    const first = FIELDS.find((f) => checked.errors[f]);
    setValues((v) => ({ ...v, url: checked.url }));
    setErrors(checked.errors);
    setFormError(first ? t.fixErrors : "");
    if (first) return focus(first);
    const body: Submission = {
      url: checked.url,
      category: values.category,
      comment: values.comment,
      website: trap.current?.value ?? "",
    };
    if (values.email.trim()) body.email = values.email.trim();
    setBusy(true);
    const res = await postFeedback(body);
    setBusy(false);
    if (res.ok) {
      setValues(empty);
      setSent(true);
      status.current?.focus(); // the form that had focus goes away
    } else if (isField(res.field)) {
      setErrors({ [res.field]: res.message });
      setFormError(t.fixErrors);
      focus(res.field);
    } else {
      setFormError(res.message);
    }
  }

  const n = countChars(values.comment);
  const field = (f: Field, label: string, control: (describedBy: string) => ReactNode, extra?: ReactNode, hint?: string) => {
    const describedBy = [hint && fid(f) + "-hint", f === "comment" && fid(f) + "-count", errors[f] && fid(f) + "-error"]
      .filter(Boolean)
      .join(" ");
    return (
      <div className={`tz-feedback-form__field tz-feedback-form__field--${f}`}>
        <label className="tz-feedback-form__label" htmlFor={fid(f)}>
          {label}
        </label>
        {control(describedBy)}
        {hint && (
          <p className="tz-feedback-form__hint" id={fid(f) + "-hint"}>
            {hint}
          </p>
        )}
        {extra}
        {errors[f] && (
          <p className="tz-feedback-form__error" id={fid(f) + "-error"}>
            {errors[f]}
          </p>
        )}
      </div>
    );
  };
  const common = (f: Field, describedBy: string) => ({
    id: fid(f),
    name: f,
    value: values[f],
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": describedBy || undefined,
  });

  return (
    <div className="tz-feedback-form">
      <p className="tz-feedback-form__status" role="status" ref={status} tabIndex={-1}>
        {sent ? t.success : busy ? t.sending : ""}
      </p>
      <p className="tz-feedback-form__alert" role="alert">
        {sent ? "" : formError}
      </p>
      {sent ? (
        <button type="button" className="tz-feedback-form__again" onClick={() => setSent(false)}>
          {t.again}
        </button>
      ) : (
        <form ref={form} className="tz-feedback-form__form" aria-label={t.label} noValidate onSubmit={(ev) => void submit(ev)}>
          {field(
            "url",
            t.url,
            (d) => (
              <input
                {...common("url", d)}
                className="tz-feedback-form__input"
                type="text"
                inputMode="url"
                autoComplete="url"
                onChange={(ev) => set("url", ev.target.value)}
                onBlur={() => {
                  const u = normalisePageUrl(values.url, siteHost());
                  if ("path" in u) set("url", u.path);
                }}
              />
            ),
            undefined,
            t.urlHint,
          )}
          {field("category", t.category, (d) => (
            <select
              {...common("category", d)}
              className="tz-feedback-form__input"
              required
              onChange={(ev) => set("category", ev.target.value)}
            >
              <option value="">{t.categoryPlaceholder}</option>
              {t.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          ))}
          {field(
            "comment",
            t.comment,
            (d) => (
              <textarea
                {...common("comment", d)}
                className="tz-feedback-form__input tz-feedback-form__textarea"
                rows={6}
                required
                onChange={(ev) => set("comment", ev.target.value)}
              />
            ),
            <p
              className={`tz-feedback-form__counter${n > MAX_COMMENT_CHARS ? " tz-feedback-form__counter--over" : ""}`}
              id={fid("comment") + "-count"}
            >
              {t.counter(n)}
            </p>,
          )}
          {field(
            "email",
            t.email,
            (d) => (
              <input
                {...common("email", d)}
                className="tz-feedback-form__input"
                type="email"
                autoComplete="email"
                onChange={(ev) => set("email", ev.target.value)}
              />
            ),
            undefined,
            t.emailHint,
          )}
          <Honeypot inputRef={trap} />
          <button type="submit" className="tz-feedback-form__submit" aria-disabled={busy || undefined}>
            {busy ? t.sending : t.submit}
          </button>
        </form>
      )}
    </div>
  );
}
