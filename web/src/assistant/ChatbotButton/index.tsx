// The documentation chatbot's floating button (static bundle, so tiny). The panel, with the answer
// stream client and Markdown renderer, is a lazy chunk: preloaded on hover, focus or touch, mounted while open.

import { useCallback, useRef, useState, type ComponentType } from "react";
import type { SiteData } from "../../lib/contract";
import { useLazyPart } from "../../lib/useLazyPart";
import { ChunkError } from "../../theme/ChunkError";
import type { ChatbotPanelProps } from "../ChatbotPanel";
import { buttonStrings as t } from "../strings";
import "./styles.css";

type PanelModule = { ChatbotPanel: ComponentType<ChatbotPanelProps> };
let loading: Promise<PanelModule> | null = null;

/** Starts loading the panel chunk (once; a failed load is retried on the next call). */
export function preloadChatbotPanel(): Promise<PanelModule> {
  loading ??= import("../ChatbotPanel").catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

const loadPanel = () => preloadChatbotPanel().then((m) => m.ChatbotPanel);

export interface ChatbotButtonProps {
  site: SiteData;
  /** "floating" (default): at the right edge of wide screens, outside the text column. "navbar":
   *  beside the search button on phones and tablets, where a floating button would cover text.
   *  Each shows at its own widths only (styles.css). */
  placement?: "floating" | "navbar";
}

export function ChatbotButton({ site, placement = "floating" }: ChatbotButtonProps) {
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden while closed), so its conversation survives a close.
  const [opened, setOpened] = useState(false);
  const { Part: Panel, failures, load, dismiss } = useLazyPart(loadPanel, "the chatbot");
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus({ preventScroll: true });
  }, []);
  if (!site.chatbot.enabled) return <></>;
  const toggle = () => {
    if (open) {
      close();
      return;
    }
    setOpen(true);
    setOpened(true);
    load(() => setOpen(false));
  };
  const preload = () => void preloadChatbotPanel().catch(() => {});
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`tz-chatbot-button tz-chatbot-button--${placement}${open ? " tz-chatbot-button--open" : ""}`}
        aria-label={open ? t.close : t.open}
        title={open ? t.close : t.open}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={toggle}
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M8 10h.01M12 10h.01M16 10h.01" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      {failures > 0 && !open ? <ChunkError onRetry={toggle} onDismiss={dismiss} /> : null}
      {opened && Panel ? <Panel site={site} onClose={close} hidden={!open} /> : null}
    </>
  );
}
