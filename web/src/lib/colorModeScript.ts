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

export const COLOR_MODE_SCRIPT =
  '(function(){var d=document.documentElement,s=null,a=null,i=d.getAttribute("data-announcement-id");' +
  'try{s=localStorage.getItem("theme");a=localStorage.getItem("tz-announcement-dismissed")}catch(e){}' +
  'var m=d.getAttribute("data-theme")==="dark"?"dark":"light",' +
  'os=function(){return window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"};' +
  'if(s==="light"||s==="dark"){m=s;d.setAttribute("data-theme-choice",s)}' +
  'else if(s==="system"){m=os();d.setAttribute("data-theme-choice",s)}' +
  'else if(d.hasAttribute("data-theme-respect-os")){m=os()}' +
  'd.setAttribute("data-theme",m);' +
  'if(i!==null&&a===i)d.setAttribute("data-announcement-dismissed","")})();';

/** The CSP source for the inline script (`script-src 'self' '<this>'`). A test recomputes it, so a
 *  change to the script fails until this and the Go server's policy are updated together. */
export const COLOR_MODE_SCRIPT_SHA256 = "sha256-vm/IBjmCwDAICKE40o8Cp3wGMy/taRVSG9oOvValiRM=";

/** The file the client build writes the script to (dist/client/color-mode.js), for Go to inline. */
export const COLOR_MODE_SCRIPT_FILE = "color-mode.js";
