// The script that applies the stored colour mode before the first paint. Go inlines it as the first
// element of <head> (or serves it as a tiny blocking file). It must stay tiny, dependency-free and in
// sync with lib/colorMode.ts (key, values, attribute names); lib/__tests__/colorModeScript.test.ts
// runs it against a document to prove that.
//
// Inputs it reads from <html>, written by Go from site.yaml:
//   data-theme="light|dark"        the configured default (what the page shows without JavaScript)
//   data-theme-respect-os          present when colorMode.respectPrefersColorScheme is true
//   data-announcement-id="<id>"    present when an announcement bar is configured
// Outputs: data-theme (resolved mode), data-theme-choice (light|dark|system, or absent),
//          data-announcement-dismissed when the bar with that id was closed before.
//
// The same inline script also catches the search shortcut (Ctrl/Cmd+K outside a text field) pressed
// before the search button has hydrated: EARLY_KEYS below, which the button reads and replays.

export const COLOR_MODE_SCRIPT =
  '(function(){var d=document.documentElement,s=null,a=null,i=d.getAttribute("data-announcement-id");' +
  'try{s=localStorage.getItem("theme");a=localStorage.getItem("tz-announcement-dismissed")}catch(e){}' +
  'var m=d.getAttribute("data-theme")==="dark"?"dark":"light",' +
  'os=function(){return window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"};' +
  'if(s==="light"||s==="dark"){m=s;d.setAttribute("data-theme-choice",s)}' +
  'else if(s==="system"){m=os();d.setAttribute("data-theme-choice",s)}' +
  'else if(d.hasAttribute("data-theme-respect-os")){m=os()}' +
  'd.setAttribute("data-theme",m);' +
  'if(i!==null&&a===i)d.setAttribute("data-announcement-dismissed","");' +
  // The early shortcut catcher; search/shortcuts.ts isEditable and isToggleShortcut say the same.
  'var k=window.tzEarlyKeys={pressed:!1,stop:function(){removeEventListener("keydown",h)}},' +
  'h=function(e){var t=e.target,n=t&&t.tagName;' +
  'if((e.ctrlKey||e.metaKey)&&!e.altKey&&(e.key==="k"||e.key==="K")&&!(t&&(t.isContentEditable||n==="INPUT"||n==="TEXTAREA"||n==="SELECT"))){e.preventDefault();k.pressed=!0}};' +
  'addEventListener("keydown",h)})();';

/** What the head script leaves on window for the search button: whether the shortcut was pressed
 *  before it hydrated, and how to stop catching it. */
export interface EarlyKeys {
  pressed: boolean;
  stop(): void;
}

/** Takes over from the head script's early shortcut catcher: stops it and tells whether the
 *  shortcut was pressed meanwhile (once). */
export function takeEarlyShortcut(win: Window & { tzEarlyKeys?: EarlyKeys } = window): boolean {
  const early = win.tzEarlyKeys;
  if (!early) return false;
  early.stop();
  delete win.tzEarlyKeys;
  return early.pressed;
}

/** The CSP source for the inline script (`script-src 'self' '<this>'`). A test recomputes it, so a
 *  change to the script fails until this and the Go server's policy are updated together. */
export const COLOR_MODE_SCRIPT_SHA256 = "sha256-g3mMeLmwmsIlmWvWwWRvrNQlTZNm6M7gCqOeHpnfyk0=";

/** The file the client build writes the script to (dist/client/color-mode.js), for Go to inline. */
export const COLOR_MODE_SCRIPT_FILE = "color-mode.js";
