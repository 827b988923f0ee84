// Code that only runs after the reader does something (opens the mobile menu) or after hydration (the
// Markdown enhancers) is kept out of the entry chunk (the first-load budget of docs/behaviour.md) and imported on
// demand through one of these.

/** A lazily imported chunk. */
export interface LazyChunk<T> {
  /** Imports the chunk once and shares the promise; a failed import is forgotten, so the next call
   *  fetches again. */
  load(): Promise<T>;
  /** The chunk's module once an import succeeded, for rendering without waiting; else undefined. */
  loaded(): T | undefined;
  /** Resolves with the module once a load succeeds, whichever call made it; never rejects. What waits
   *  for the code after a failure (an island keeping its server HTML) waits on this. */
  whenLoaded(): Promise<T>;
  /** Makes the module available without importing it (the server render bundles every chunk). */
  provide(module: T): void;
}

/** Wraps a dynamic import() in a LazyChunk. */
export function lazyChunk<T>(importer: () => Promise<T>): LazyChunk<T> {
  let loading: Promise<T> | undefined;
  let module: T | undefined;
  let arrived!: (m: T) => void;
  const arrival = new Promise<T>((resolve) => (arrived = resolve));
  const settle = (m: T) => {
    module = m;
    arrived(m);
    return m;
  };
  return {
    load() {
      loading ??= importer().then(settle, (err: unknown) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
    loaded: () => module,
    whenLoaded: () => arrival,
    provide(m) {
      settle(m);
      loading = Promise.resolve(m);
    },
  };
}
