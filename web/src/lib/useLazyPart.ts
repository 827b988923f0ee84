// A part of the page (the search dialog, the chatbot panel) that lives in a lazy chunk and is loaded
// when the reader opens it. A failed load closes the part and is counted, so the caller can show
// ChunkError with a Retry that loads it again in place, unless the chunk is missing because a new
// build was deployed: then the page reloads itself (lib/chunks.ts).

import { useCallback, useState, type ComponentType } from "react";
import { reloadForMissingChunk } from "./chunks";
import { retryFailedStyles } from "./failedStyles";

export interface LazyPart<P> {
  /** The loaded component, null until its chunk has arrived. */
  Part: ComponentType<P> | null;
  /** How many loads failed since the last success or dismissal; 0 when none did. */
  failures: number;
  /** Loads the chunk; onFail runs when it cannot be loaded (close what was opened). */
  load: (onFail: () => void) => void;
  /** Forgets the failures (the reader dismissed the error). */
  dismiss: () => void;
}

/** Loads a lazily imported component on demand. `load` must be stable (a module-level function);
 *  `what` names the part in the console error ("the search dialog"). */
export function useLazyPart<P>(loadPart: () => Promise<ComponentType<P>>, what: string): LazyPart<P> {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [failures, setFailures] = useState(0);
  const load = useCallback(
    (onFail: () => void) => {
      Promise.all([loadPart(), retryFailedStyles()]).then(
        ([c]) => {
          setPart(() => c);
          setFailures(0);
        },
        (err: unknown) => {
          console.error(`tzdocs: ${what} failed to load`, err);
          onFail();
          void reloadForMissingChunk(err).then((reloading) => {
            if (!reloading) setFailures((n) => n + 1);
          });
        },
      );
    },
    [loadPart, what],
  );
  const dismiss = useCallback(() => setFailures(0), []);
  return { Part, failures, load, dismiss };
}
