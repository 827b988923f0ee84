import { useEffect, useState, type ComponentType } from "react";
import { retryFailedStyles } from "../../lib/failedStyles";
import { PROGRESS_DELAY_MS } from "../../lib/navigation";
import { strings } from "../strings";
import "./styles.css";

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

type Status<P> = { kind: "loading"; slow: boolean } | { kind: "ready"; Component: ComponentType<P> } | { kind: "failed"; error: Error };

export interface LoadableProps<P> {
  /** Dynamic import of the chunk, e.g. () => import("../SearchDialog"). */
  load: Loader<P>;
  props: P;
  /** Spinner delay (200 ms); a fast load shows nothing at all. */
  delayMs?: number;
}

/** Renders a component from a lazily loaded chunk. While it loads: nothing for `delayMs`, then a
 *  spinner; when it fails: the error text and a Retry button that loads it again, in place, so what
 *  the caller holds (the question asked) is kept. */
export function Loadable<P extends object>({ load, props, delayMs = PROGRESS_DELAY_MS }: LoadableProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status<P>>({ kind: "loading", slow: false });
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      if (live) setStatus((s) => (s.kind === "loading" ? { kind: "loading", slow: true } : s));
    }, delayMs);
    Promise.all([load(), attempt > 0 ? retryFailedStyles() : undefined]).then(
      ([mod]) => {
        if (live) setStatus({ kind: "ready", Component: mod.default });
      },
      (err: unknown) => {
        console.error("tzdocs: a part of the page could not be loaded", err);
        if (live) setStatus({ kind: "failed", error: err instanceof Error ? err : new Error(String(err)) });
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [load, delayMs, attempt]);

  switch (status.kind) {
    case "ready": {
      const { Component } = status;
      return <Component {...props} />;
    }
    case "failed":
      return (
        <div className="tz-loadable tz-loadable--failed" role="alert">
          <p className="tz-loadable__error">{strings.errors.loadFailed}</p>
          <button
            type="button"
            className="tz-button"
            onClick={() => {
              setStatus({ kind: "loading", slow: false });
              setAttempt((a) => a + 1);
            }}
          >
            {strings.errors.retry}
          </button>
        </div>
      );
    case "loading":
      return status.slow ? (
        <div className="tz-loadable" role="status">
          <span className="tz-spinner" aria-hidden="true" />
          <span className="tz-sr-only">{strings.errors.loading}</span>
        </div>
      ) : null;
  }
}
