import { MAIN_ID } from "../Layout";
import { strings } from "../strings";
import "./styles.css";

export interface ErrorPageProps {
  error: Error;
  onTryAgain: () => void;
  /** "crash": a page failed to render inside the layout ('This page crashed.' with the error details);
   *  "generic": the whole app failed (the error message and 'Try again'). */
  variant: "crash" | "generic";
}

/** Text shown under 'Error details': the message, each cause, then where it happened. */
export function errorDetails(error: Error): string {
  const lines: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    lines.push(depth === 0 ? `${e.name}: ${e.message}` : `Caused by ${e.name}: ${e.message}`);
    e = e.cause;
  }
  const stack = (error as Error & { tzComponentStack?: string }).tzComponentStack ?? error.stack;
  if (stack) lines.push("", stack.trim());
  return lines.join("\n");
}

export function ErrorPage({ error, onTryAgain, variant }: ErrorPageProps) {
  return (
    <main id={MAIN_ID} className="tz-page tz-error" tabIndex={-1}>
      <article className="tz-page__article" role="alert">
        <h1 className="tz-page__title">{variant === "crash" ? strings.errors.title : strings.errors.genericTitle}</h1>
        <p className="tz-error__message">{error.message}</p>
        <p>
          <button type="button" className="tz-button" onClick={onTryAgain}>
            {strings.errors.tryAgain}
          </button>
        </p>
        {variant === "crash" && (
          <details className="tz-error__details">
            <summary>{strings.errors.details}</summary>
            <pre>{errorDetails(error)}</pre>
          </details>
        )}
      </article>
    </main>
  );
}
