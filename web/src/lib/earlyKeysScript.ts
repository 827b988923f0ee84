// The script that catches the search shortcut (Ctrl/Cmd+K outside a text field) pressed before the
// search button has hydrated, so that it is replayed rather than lost. Go inlines it in every page's
// <head>, after the colour-mode script; it must stay tiny and dependency-free, and say what
// search/shortcuts.ts isEditable and isToggleShortcut say (lib/__tests__/earlyKeysScript.test.ts runs
// it). It leaves window.tzEarlyKeys, which the search button takes over with takeEarlyShortcut.

export const EARLY_KEYS_SCRIPT =
  '(function(){var k=window.tzEarlyKeys={pressed:!1,stop:function(){removeEventListener("keydown",h)}},' +
  'h=function(e){var t=e.target;' +
  'if((e.ctrlKey||e.metaKey)&&!e.altKey&&e.key.toLowerCase()=="k"&&!t.isContentEditable&&!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)){e.preventDefault();k.pressed=!0}};' +
  'addEventListener("keydown",h)})();';

/** The file the client build writes the script to (dist/client/early-keys.js), for Go to inline. */
export const EARLY_KEYS_SCRIPT_FILE = "early-keys.js";

/** What the script leaves on window: whether the shortcut was pressed, and how to stop catching it. */
export interface EarlyKeys {
  pressed: boolean;
  stop(): void;
}

/** Takes over from the early shortcut catcher: stops it and tells whether the shortcut was pressed
 *  meanwhile (once). */
export function takeEarlyShortcut(win: Window & { tzEarlyKeys?: EarlyKeys } = window): boolean {
  const early = win.tzEarlyKeys;
  if (!early) return false;
  early.stop();
  delete win.tzEarlyKeys;
  return early.pressed;
}
