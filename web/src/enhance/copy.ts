// Copy buttons on highlighted code blocks (`.tz-code`, see brief html-contract "Code blocks").

import { COPIED_MS, writeClipboard } from "../lib/clipboard";
import { enhanceStrings } from "./strings";

export interface CopyOptions {
  /** Puts text on the clipboard; the default uses the async Clipboard API, or a hidden textarea where the
   *  API is missing (plain http outside localhost). A rejection leaves the button as it was. */
  write?: (text: string) => Promise<void>;
  copiedMs?: number;
}

/** The code as a reader expects to paste it: no line numbers (drawn by CSS; chroma's `.ln` spans are
 *  dropped too in case a highlighter emits them) and no final newline. In a terminal transcript (lines
 *  with a `.gp` prompt) only the commands are copied: prompts and command output (`.go` lines) are left
 *  out, so the text runs as pasted. */
export function codeText(block: Element): string {
  const code = block.querySelector("pre code") ?? block.querySelector("pre");
  if (!code) return "";
  const clone = code.cloneNode(true) as Element;
  clone.querySelectorAll(".ln, .lnt, [data-line-number]").forEach((n) => n.remove());
  if (clone.querySelector(".gp")) {
    const lines = clone.querySelectorAll(".tz-code__line");
    const kept: string[] = [];
    for (const line of lines.length > 0 ? Array.from(lines) : [clone]) {
      const output = line.querySelector(".go");
      if (output && (line.textContent ?? "").trim() === (output.textContent ?? "").trim()) continue;
      line.querySelectorAll(".gp").forEach((prompt) => {
        const next = prompt.nextSibling;
        if (next?.nodeType === Node.TEXT_NODE) next.textContent = (next.textContent ?? "").replace(/^ /, "");
        prompt.remove();
      });
      kept.push((line.textContent ?? "").replace(/\n$/, ""));
    }
    return kept.join("\n").replace(/\n+$/, "");
  }
  return (clone.textContent ?? "").replace(/\n$/, "");
}

function setCopied(button: HTMLButtonElement, copied: boolean): void {
  const s = enhanceStrings.copy;
  button.textContent = copied ? s.copied : s.text;
  button.setAttribute("aria-label", copied ? s.copied : s.label);
  button.classList.toggle("tz-code__copy--copied", copied);
}

/** Adds a copy button to every `.tz-code` block under root. Returns a function that removes the buttons,
 *  the click listener and any pending timer. */
export function addCopyButtons(root: HTMLElement, options: CopyOptions = {}): () => void {
  const doc = root.ownerDocument;
  const write = options.write ?? ((text: string) => writeClipboard(text, doc));
  const copiedMs = options.copiedMs ?? COPIED_MS;
  const timers = new Map<HTMLButtonElement, ReturnType<typeof setTimeout>>();
  const buttons: HTMLButtonElement[] = [];
  let disposed = false;

  for (const block of root.querySelectorAll<HTMLElement>(".tz-code")) {
    if (block.querySelector(":scope > .tz-code__copy")) continue;
    const button = doc.createElement("button");
    button.type = "button";
    button.className = "tz-code__copy";
    setCopied(button, false);
    block.append(button);
    buttons.push(button);
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button.tz-code__copy");
    const block = button?.closest(".tz-code");
    if (!button || !block || !root.contains(button)) return;
    write(codeText(block)).then(
      () => {
        if (disposed) return;
        setCopied(button, true);
        clearTimeout(timers.get(button));
        timers.set(
          button,
          setTimeout(() => {
            timers.delete(button);
            setCopied(button, false);
          }, copiedMs),
        );
      },
      // A refused clipboard (permissions, insecure context) leaves the button saying "Copy": nothing to
      // repair, and the reader can still select the text.
      () => {},
    );
  };
  root.addEventListener("click", onClick);

  return () => {
    disposed = true;
    root.removeEventListener("click", onClick);
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    for (const b of buttons) b.remove();
  };
}
