import { strings } from "../strings";
import "./styles.css";

export interface ChunkErrorProps {
  /** Tries again: the caller loads the part again, or reloads the page after a second failure. */
  onRetry: () => void;
  onDismiss: () => void;
}

/** Says that a lazily loaded part (search, the chatbot) could not be loaded, with a Retry,
 *  instead of a button that silently does nothing. */
export function ChunkError({ onRetry, onDismiss }: ChunkErrorProps) {
  return (
    <div className="tz-chunk-error" role="alert">
      <p className="tz-chunk-error__text">{strings.errors.loadFailed}</p>
      <button type="button" className="tz-chunk-error__retry" onClick={onRetry}>
        {strings.errors.retry}
      </button>
      <button type="button" className="tz-chunk-error__close" aria-label={strings.errors.dismiss} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** The retry rule both openers follow: load again once; after that the browser keeps the failed
 *  import, so reload the page. */
export function retryOrReload(failures: number, retry: () => void, reload = () => window.location.reload()): void {
  if (failures >= 2) reload();
  else retry();
}
