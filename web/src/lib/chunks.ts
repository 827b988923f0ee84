// What to do when a lazily loaded chunk (the search dialog, the chatbot panel, an island) cannot be
// fetched. Two causes: a new build was deployed (the page names chunks the server no longer has) or the
// network failed. The first reloads the page once by itself; the second is left to the caller, which
// keeps what the server rendered or offers a Retry that imports the chunk again (browsers fetch a
// module again after a failed import).

const RELOADED_AT = "tz-chunk-reloaded-at";

/** Whether an error is a chunk that could not be fetched (Chromium, Firefox, Safari, Vite). */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(msg);
}

/** The URL of the chunk a load error names (Chromium, Firefox and Vite name it; Safari does not). */
export function chunkUrl(err: unknown): string | undefined {
  const msg = err instanceof Error ? err.message : String(err);
  return /(https?:\/\/\S+?\.(?:js|css))\b/.exec(msg)?.[1];
}

export interface ReloadDeps {
  /** Tells whether the server answers that the chunk is gone (so a new build was deployed, not the
   *  network down); given the chunk's URL when the error names it. */
  chunkGone?: (url: string | undefined) => Promise<boolean>;
  reload?: () => void;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
  now?: () => number;
}

/** Asks the server for the chunk itself: a 404 says it is gone. Without its URL, whether the page
 *  answers is all there is to go on. */
const serverSaysGone = (url: string | undefined) =>
  fetch(url ?? window.location.href, { method: "HEAD", cache: "no-store" }).then(
    (r) => (url ? r.status === 404 || r.status === 410 : r.ok),
    () => false,
  );

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Reloads the page when a chunk failed to load because the server no longer has it (a new build was
 *  deployed), at most once a minute so a broken build cannot loop. Resolves true when the page is
 *  reloading; false leaves the failure to the caller (keep the server HTML, or show a Retry). */
export async function reloadForMissingChunk(err: unknown, deps: ReloadDeps = {}): Promise<boolean> {
  const { chunkGone = serverSaysGone, reload = () => window.location.reload(), storage = sessionStore(), now = Date.now } = deps;
  if (!isChunkLoadError(err) || !storage) return false;
  const last = Number(storage.getItem(RELOADED_AT) ?? 0);
  if (now() - last < 60_000) return false;
  if (!(await chunkGone(chunkUrl(err)))) return false;
  try {
    storage.setItem(RELOADED_AT, String(now()));
  } catch {
    return false; // without a record of it, a reload could loop
  }
  reload();
  return true;
}
