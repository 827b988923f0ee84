// The chatbot panel (lazy chunk): a non-modal dialog at the right, headed site.chatbot.headerTitle,
// with the conversation UI and the warning site.chatbot.footerText. Escape closes it; focus moves
// into it on open and back to the button on close.

import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import type { SiteData } from "../../lib/contract";
import { AssistantView } from "../AssistantView";
import type { AssistantServices } from "../services";
import { buttonStrings as t } from "../strings";
import "./styles.css";

export interface ChatbotPanelProps {
  site: SiteData;
  onClose: () => void;
  /** Closed but kept: the panel stays mounted, hidden, so reopening it shows the same conversation. */
  hidden?: boolean;
  services?: AssistantServices;
}

export function ChatbotPanel({ site, onClose, hidden = false, services }: ChatbotPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hidden) return;
    const input = panel.current?.querySelector<HTMLElement>("input, textarea");
    (input ?? panel.current)?.focus();
  }, [hidden]);
  // Escape closes the panel when focus is in it, or nowhere (a pressed button went away).
  useEffect(() => {
    if (hidden) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      const active = document.activeElement;
      if (active === null || active === document.body || panel.current?.contains(active)) {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose, hidden]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };
  return (
    <div ref={panel} className="tz-chatbot" role="dialog" aria-modal="false" aria-labelledby={titleId} tabIndex={-1} hidden={hidden} onKeyDown={onKeyDown}>
      <header className="tz-chatbot__header">
        <h2 id={titleId} className="tz-chatbot__title">
          {site.chatbot.headerTitle}
        </h2>
        <button type="button" className="tz-chatbot__close" aria-label={t.close} title={t.close} onClick={onClose}>
          <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="tz-chatbot__body">
        <AssistantView site={site} services={services} showHistory={false} />
      </div>
      {site.chatbot.footerText ? <p className="tz-chatbot__footer">{site.chatbot.footerText}</p> : null}
    </div>
  );
}

export default ChatbotPanel;
