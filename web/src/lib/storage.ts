// Safe access to localStorage for every stored preference (theme, announcement dismissal, preferred
// version). Storage may be missing or throw (privacy modes, blocked cookies, sandboxed frames, quota):
// the first failure logs one console warning and every caller keeps working without persistence.

let warned = false;

function warnOnce(err: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(`tzdocs: local storage is unavailable, preferences will not be remembered (${err instanceof Error ? err.message : String(err)})`);
}

function store(): Storage | null {
  try {
    const s = window.localStorage;
    if (!s) throw new Error("window.localStorage is null");
    return s;
  } catch (err) {
    warnOnce(err);
    return null;
  }
}

/** Reads a stored value; null when absent or when storage is unavailable. */
export function readStored(key: string): string | null {
  if (typeof window === "undefined") return null;
  try {
    return store()?.getItem(key) ?? null;
  } catch (err) {
    warnOnce(err);
    return null;
  }
}

/** Stores a value, or removes it when `value` is null. Failures only warn (once). */
export function writeStored(key: string, value: string | null): void {
  if (typeof window === "undefined") return;
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch (err) {
    warnOnce(err);
  }
}

/** Test hook: forget that a warning was already logged. */
export function resetStorageWarning(): void {
  warned = false;
}
