import { strings } from "../strings";
import "./styles.css";

export interface ChunkErrorProps {
  /** Tries again: the caller loads the part again and shows it where the reader left it. */
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
