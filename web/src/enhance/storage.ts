// A guarded localStorage: docs/behaviour.md asks that a missing or refusing storage logs one console
// warning and that the feature keeps working without it.

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** Wraps a Storage getter. The first failure (storage disabled, sandboxed frame, quota) logs one warning;
 *  from then on reads return null and writes do nothing. */
export function guardedStorage(
  getStorage: () => Storage = () => window.localStorage,
  warn: (message: string) => void = (message) => console.warn(message),
): KeyValueStore {
  let broken = false;
  function guarded<T>(fn: (storage: Storage) => T, fallback: T): T {
    if (broken) return fallback;
    try {
      return fn(getStorage());
    } catch (err) {
      broken = true;
      warn(`tzdocs: local storage is unavailable, choices will not be remembered (${String(err)})`);
      return fallback;
    }
  }
  return {
    get: (key) => guarded((s) => s.getItem(key), null),
    set: (key, value) => guarded((s) => s.setItem(key, value), undefined),
  };
}

let shared: KeyValueStore | undefined;

/** One guarded localStorage for the whole page load, so the warning is logged once, not once per page. */
export function pageStorage(): KeyValueStore {
  shared ??= guardedStorage();
  return shared;
}
