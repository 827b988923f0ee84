// `tzdocs dev` only: live reload and build errors over an EventSource. Loaded lazily, so production
// pages never download it.

import { ROOT_ID } from "./boot";
import { restoreDisclosures, saveDisclosures } from "./disclosures";
import { announceRebuilt } from "./rebuilt";

export interface ReloadTarget {
  reload(): Promise<void>;
  cache: { delete(route: string): boolean };
}

export interface BuildError {
  message: string;
  file?: string;
  line?: number;
}

const OVERLAY_CLASS = "tz-dev-error";

/** Shows (or updates) the fixed error overlay. Plain DOM outside the React root, so it cannot disturb
 *  hydration or the page's state. */
export function showBuildError(err: BuildError, doc: Document = document): HTMLElement {
  let box = doc.querySelector<HTMLElement>(`.${OVERLAY_CLASS}`);
  if (!box) {
    box = doc.createElement("div");
    box.className = OVERLAY_CLASS;
    box.setAttribute("role", "alert");
    doc.body.appendChild(box);
  }
  box.replaceChildren();
  const title = doc.createElement("p");
  title.className = `${OVERLAY_CLASS}__title`;
  title.textContent = "Build error";
  const msg = doc.createElement("pre");
  msg.className = `${OVERLAY_CLASS}__message`;
  msg.textContent = err.message;
  box.append(title, msg);
  if (err.file) {
    const where = doc.createElement("p");
    where.className = `${OVERLAY_CLASS}__where`;
    where.textContent = err.line ? `${err.file}:${err.line}` : err.file;
    box.append(where);
  }
  return box;
}

export function hideBuildError(doc: Document = document): void {
  doc.querySelector(`.${OVERLAY_CLASS}`)?.remove();
}

function parse<T>(data: unknown): T | null {
  try {
    return JSON.parse(String(data)) as T;
  } catch {
    return null;
  }
}

/** The attribute of <html> saying the state of the last build the server told of: "ok" or "error". */
export const BUILD_STATE_ATTRIBUTE = "data-tz-dev-build";

/** Opens the dev EventSource: `reload` drops what the page cached from the previous build (changed
 *  routes, search answers) and refetches the current page in place, keeping the scroll position
 *  (the navigator's reload) and the open <details> and chosen tabs; `error` shows the overlay, `ok`
 *  hides it. The server sends the current one of those two first, so a page opened while the build
 *  is failing shows the error. Returns a function that closes the connection. */
export function connectDevEvents(url: string, target: ReloadTarget): () => void {
  const es = new EventSource(url);
  const html = document.documentElement;
  es.addEventListener("reload", (e) => {
    const body = parse<{ routes?: string[] }>((e as MessageEvent).data);
    for (const r of body?.routes ?? []) target.cache.delete(r);
    announceRebuilt();
    hideBuildError();
    const root = document.getElementById(ROOT_ID) ?? document.body;
    const kept = saveDisclosures(root);
    target
      .reload()
      .then(() => restoreDisclosures(root, kept))
      .catch((err: unknown) => showBuildError({ message: `Reload failed: ${String(err)}` }));
  });
  es.addEventListener("error", (e) => {
    // A connection failure also fires "error", without data: EventSource reconnects by itself.
    if (!(e instanceof MessageEvent)) return;
    const body = parse<BuildError>(e.data);
    if (!body) return;
    showBuildError(body);
    html.setAttribute(BUILD_STATE_ATTRIBUTE, "error");
  });
  es.addEventListener("ok", () => {
    hideBuildError();
    html.setAttribute(BUILD_STATE_ATTRIBUTE, "ok");
  });
  return () => es.close();
}
