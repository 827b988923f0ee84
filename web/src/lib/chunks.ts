// What to do when a lazily loaded chunk (the search dialog, the chatbot panel) cannot be fetched.
// Browsers keep a failed module import failed for the life of the page, so importing it again never
// helps; a reload does. Two causes: a new build was deployed (the page names chunks the server no
// longer has) or the network is down. The first reloads the page once by itself; the second waits
// for the reader's Retry.

const RELOADED_AT = "tz-chunk-reloaded-at";

/** Whether an error is a chunk that could not be fetched (Chromium, Firefox, Safari, Vite). */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(msg);
}

export interface ReloadDeps {
  /** Tells whether the server still answers (so the chunk is missing, not the network). */
  reachable?: () => Promise<boolean>;
  reload?: () => void;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
  now?: () => number;
}

const serverAnswers = () =>
  fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(
    (r) => r.ok,
    () => false,
  );

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Reloads the page when a chunk failed to load although the server answers (a new build was
 *  deployed), at most once a minute so a broken build cannot loop. Resolves true when the page is
 *  reloading; false leaves the failure to the caller (show it with a Retry). */
export async function reloadForMissingChunk(err: unknown, deps: ReloadDeps = {}): Promise<boolean> {
  const { reachable = serverAnswers, reload = () => window.location.reload(), storage = sessionStore(), now = Date.now } = deps;
  if (!isChunkLoadError(err) || !storage) return false;
  const last = Number(storage.getItem(RELOADED_AT) ?? 0);
  if (now() - last < 60_000) return false;
  if (!(await reachable())) return false;
  try {
    storage.setItem(RELOADED_AT, String(now()));
  } catch {
    return false; // without a record of it, a reload could loop
  }
  reload();
  return true;
}
