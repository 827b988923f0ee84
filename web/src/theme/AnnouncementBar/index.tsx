import { useEffect, useSyncExternalStore } from "react";
import { readStored, writeStored } from "../../lib/storage";
import type { SiteData } from "../../lib/contract";
import { strings } from "../strings";
import "./styles.css";

/** Storage key holding the id of the last announcement the reader closed (read by COLOR_MODE_SCRIPT too). */
export const ANNOUNCEMENT_KEY = "tz-announcement-dismissed";

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Closing it in another tab closes it here as well.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** True when the announcement with this id was closed before; a new id shows again. */
export function isDismissed(id: string): boolean {
  return readStored(ANNOUNCEMENT_KEY) === id;
}

/** The site-wide announcement above the content, until the reader closes it. Without storage it
 *  closes for the current page view only. */
export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData["announcementBar"]> }) {
  const dismissed = useSyncExternalStore(
    subscribe,
    () => isDismissed(bar.id) || closedInMemory.has(bar.id),
    () => false,
  );
  useEffect(() => {
    // A new announcement resets the dismissal of the old one: were the old id to come back
    // later, it shows again instead of staying hidden by a choice made about another text.
    const closed = readStored(ANNOUNCEMENT_KEY);
    if (closed !== null && closed !== bar.id) writeStored(ANNOUNCEMENT_KEY, null);
  }, [bar.id]);
  if (dismissed) return null;
  return (
    <div className="tz-announcement" role="region" aria-label={strings.announcementLabel}>
      <div className="tz-announcement__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button
          type="button"
          className="tz-announcement__close"
          aria-label={strings.announcementClose}
          onClick={() => {
            closedInMemory.add(bar.id);
            writeStored(ANNOUNCEMENT_KEY, bar.id);
            document.documentElement.setAttribute("data-announcement-dismissed", "");
            for (const l of listeners) l();
          }}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="3" d="M5 5l14 14M19 5L5 19" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** Ids closed in this page view, for when storage is unavailable. */
const closedInMemory = new Set<string>();

/** Test hook. */
export function resetAnnouncementMemory(): void {
  closedInMemory.clear();
}
