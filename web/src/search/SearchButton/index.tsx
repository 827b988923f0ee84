// The navbar's search button (statically bundled, so kept tiny). The dialog is a lazy chunk: preloaded
// on touch, focus or hover, loaded on open, and mounted only while open.

import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ComponentType, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { SiteData } from "../../lib/contract";
import { useLazyPart } from "../../lib/useLazyPart";
import { ChunkError } from "../../theme/ChunkError";
import type { SearchDialogProps } from "../SearchDialog";
import { buttonStrings as t } from "../strings";
import { takeEarlyShortcut } from "../../lib/earlyKeysScript";
import { initialKey, isEditable, isSlashShortcut, isToggleShortcut, queryParam } from "../shortcuts";
import "./styles.css";

export interface SearchButtonProps {
  site: SiteData;
  /** Seams for Ask AI, passed through to the dialog. */
  onAskAi?: SearchDialogProps["onAskAi"];
  conversations?: SearchDialogProps["conversations"];
  onSelectConversation?: SearchDialogProps["onSelectConversation"];
}

type DialogModule = { SearchDialog: ComponentType<SearchDialogProps> };
let loading: Promise<DialogModule> | null = null;

/** Starts loading the dialog chunk (once; a failed load is retried on the next call). */
export function preloadSearchDialog(): Promise<DialogModule> {
  loading ??= import("../SearchDialog").catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

const loadDialog = () => preloadSearchDialog().then((m) => m.SearchDialog);

/** The box text: "Search all docs/Ask AI" with the chatbot, else "Search" and the host. */
export function boxText(site: Pick<SiteData, "url" | "title" | "chatbot">): string {
  if (site.chatbot.enabled) return t.boxTextChatbot;
  let host = site.title;
  try {
    host = new URL(site.url).host || host;
  } catch {
    // Keep the title.
  }
  return t.boxTextSearch(host);
}

const noSubscribe = () => () => {};
const isApple = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

export function SearchButton({ site, ...extra }: SearchButtonProps) {
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState("");
  const { Part: Dialog, failures, load, dismiss } = useLazyPart(loadDialog, "the search dialog");
  const button = useRef<HTMLButtonElement>(null);
  const apple = useSyncExternalStore(noSubscribe, isApple, () => false);
  const hintId = useId();

  const openWith = useCallback((query: string | null) => {
    setInitialQuery(query ?? queryParam(window.location.search));
    setOpen(true);
    load(() => setOpen(false));
  }, [load]);
  const close = useCallback(() => setOpen(false), []);
  // Retry after a failed load: the dialog opens with what the reader had typed.
  const reopen = () => {
    setOpen(true);
    load(() => setOpen(false));
  };

  // A shortcut pressed before this button hydrated was caught by the head script: replay it.
  useEffect(() => {
    if (takeEarlyShortcut()) queueMicrotask(() => openWith(null));
  }, [openWith]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Ctrl/Cmd+K closes the open dialog from its own input, but opens it only from outside a text
      // field (the feedback form's comment keeps the browser's own meaning of the keys).
      if (isToggleShortcut(e) && (open || !isEditable(e.target))) {
        e.preventDefault();
        if (open) setOpen(false);
        else openWith(null);
      } else if (!open && isSlashShortcut(e)) {
        e.preventDefault();
        openWith(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, openWith]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLButtonElement>) => {
    const key = initialKey(e.nativeEvent);
    if (key === null) return;
    e.preventDefault();
    // Keys typed while the dialog's code is still loading are kept, not lost, and so are the keys typed
    // before a load that failed: until the dialog has been shown, they are one query.
    if (open || !Dialog) setInitialQuery((q) => q + key);
    if (!open) {
      if (Dialog) openWith(key);
      else reopen();
    }
  };
  const preload = () => void preloadSearchDialog().catch(() => {});

  return (
    <>
      <button
        ref={button}
        type="button"
        className="tz-search-button"
        aria-describedby={hintId}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => openWith(null)}
        onKeyDown={onKeyDown}
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        <svg className="tz-search-button__icon" width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M14.4 12.9l4.3 4.3-1.4 1.4-4.3-4.3a7.5 7.5 0 1 1 1.4-1.4zM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11z" fill="currentColor" />
        </svg>
        {/* The box text names the button: it starts with the label "Search", and a name
            that holds the visible text serves speech input (WCAG 2.5.3). On phones it is
            visually hidden, still the name. The shortcut is the description. */}
        <span className="tz-search-button__text">{boxText(site)}</span>
        <span className="tz-search-button__keys" id={hintId} aria-hidden="true">
          <kbd>{apple ? t.metaKey : t.ctrlKey}</kbd>
          <kbd>{t.key}</kbd>
        </span>
      </button>
      {failures > 0 && !open ? (
        <ChunkError
          onRetry={reopen}
          onDismiss={() => {
            setInitialQuery("");
            dismiss();
          }}
        />
      ) : null}
      {open && Dialog ? <Dialog site={site} initialQuery={initialQuery} onClose={close} returnFocus={button} {...extra} /> : null}
    </>
  );
}
