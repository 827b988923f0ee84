import { useEffect, useState } from "react";
import { assistantStrings as t } from "../strings";

/** How long 'Copied' stays. */
export const COPIED_MS = 1500;

export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [copiedAt, setCopiedAt] = useState(0);
  useEffect(() => {
    if (copiedAt === 0) return;
    const timer = setTimeout(() => setCopiedAt(0), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copied = copiedAt !== 0;
  return (
    <button
      type="button"
      className={`tz-assistant__icon-button ${className ?? ""}`}
      aria-label={copied ? t.copied : label}
      title={label}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopiedAt(Date.now()),
          (err: unknown) => console.warn("tzdocs assistant: could not copy", err),
        );
      }}
    >
      {copied ? (
        <span className="tz-assistant__copied">{t.copied}</span>
      ) : (
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M7 3h9a1 1 0 0 1 1 1v9M4 7h9v10H4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      )}
    </button>
  );
}
