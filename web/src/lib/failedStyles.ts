// Stylesheets of lazy chunks that failed to load, asked for again when the reader retries. Kept out of
// the entry chunk: the lazy parts' openers (search button, chatbot button) import it, so it watches
// from before any lazy part is loaded.

// Vite's loader asks for a chunk's stylesheet once per
// page and never again, even after it failed, so a retry would load the chunk's code without its
// styles: the retry asks for these again itself (retryFailedStyles).
const failedStyles = new Set<HTMLLinkElement>();
if (typeof document !== "undefined") {
  document.addEventListener(
    "error",
    (e) => {
      if (e.target instanceof HTMLLinkElement && e.target.rel === "stylesheet") failedStyles.add(e.target);
    },
    true,
  );
}

/** Replaces each stylesheet link that failed to load with a new one for the same file; resolves when
 *  they have loaded, rejects when one fails again (it is then kept for the next retry). */
export function retryFailedStyles(): Promise<void> {
  const loads = [...failedStyles].map((old) => {
    failedStyles.delete(old);
    const link = old.cloneNode() as HTMLLinkElement;
    const loaded = new Promise<void>((resolve, reject) => {
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => reject(new Error(`Unable to preload CSS for ${link.href}`)));
    });
    old.replaceWith(link);
    return loaded;
  });
  return Promise.all(loads).then(() => undefined);
}
