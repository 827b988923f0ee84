import { createRoot } from "react-dom/client";
import type { Root } from "react-dom/client";

const SELECTOR = "[data-tz-feedback-form]";
const mounted = new WeakSet<Element>();

/**
 * Mounts the general feedback form into every `[data-tz-feedback-form]` element inside `root` (placed
 * by the Markdown of /overview/feedback; any fallback content inside is replaced). The form's code is
 * loaded only when such an element exists. Returns a function that unmounts what was mounted; call it
 * before the Markdown is replaced. Elements already mounted by an earlier call are left alone.
 */
export function mountFeedbackForms(root: ParentNode): () => void {
  const hosts = Array.from(root.querySelectorAll(SELECTOR)).filter((el) => !mounted.has(el));
  if (hosts.length === 0) return () => {};
  hosts.forEach((el) => mounted.add(el));
  let roots: Root[] = [];
  let cancelled = false;
  import("./FeedbackForm").then(
    ({ FeedbackForm }) => {
      if (cancelled) return;
      roots = hosts.map((el) => {
        const r = createRoot(el);
        r.render(<FeedbackForm />);
        return r;
      });
    },
    (err: unknown) => {
      hosts.forEach((el) => mounted.delete(el));
      console.error("tzdocs: the feedback form could not be loaded", err);
    },
  );
  return () => {
    if (cancelled) return;
    cancelled = true;
    const done = roots;
    roots = [];
    hosts.forEach((el) => mounted.delete(el));
    // Deferred: the caller is usually an effect clean-up, and React refuses to unmount a root
    // synchronously while it is committing another one.
    if (done.length) queueMicrotask(() => done.forEach((r) => r.unmount()));
  };
}
