// Clipboard writing shared by the code blocks' copy buttons (loaded after hydration) and the page
// actions menu (in the entry chunk), kept apart so the menu does not pull in the enhancers.

/** How long the button says "Copied" after a successful copy. */
export const COPIED_MS = 1500;

/** Puts text on the clipboard with the async Clipboard API, or a hidden textarea where the API is missing. */
export async function writeClipboard(text: string, doc: Document): Promise<void> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard) return clipboard.writeText(text);
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  const focused = doc.activeElement as HTMLElement | null;
  doc.body.append(area);
  area.select();
  try {
    // The legacy command is the only way left without the Clipboard API.
    if (!doc.execCommand("copy")) throw new Error("the copy command was refused");
  } finally {
    area.remove();
    focused?.focus();
  }
}
