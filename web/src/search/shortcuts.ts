// Keyboard rules of the search button (docs/behaviour.md, "Search"): which keys open the dialog and which key becomes the
// initial query. Pure functions over the parts of a KeyboardEvent they read; part of the static bundle,
// so kept tiny.

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  target: EventTarget | null;
  isComposing?: boolean;
}

/** True when the target takes text: inputs, textareas, selects and editable content. */
export function isEditable(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (el as HTMLInputElement).type;
    return !["button", "checkbox", "radio", "reset", "submit", "image", "range", "color", "file"].includes(type);
  }
  return el.closest("[contenteditable]:not([contenteditable='false'])") !== null;
}

/** Ctrl+K or Cmd+K (it toggles the dialog: it opens it from outside a text field, closes it from anywhere). */
export function isToggleShortcut(e: KeyLike): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
}

/** '/' when focus is not in something that takes text. */
export function isSlashShortcut(e: KeyLike): boolean {
  return e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !e.isComposing && !isEditable(e.target);
}

/** The letter or digit to start the query with when typed on the focused button, else null. */
export function initialKey(e: KeyLike): string | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return null;
  return /^[\p{L}\p{N}]$/u.test(e.key) ? e.key : null;
}

/** The search term carried by the `q` query parameter of a location search string (untrimmed). */
export function queryParam(search: string): string {
  return new URLSearchParams(search).get("q") ?? "";
}
