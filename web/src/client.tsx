import { flushSync } from "react-dom";
import { hydrateRoot, type Root } from "react-dom/client";
import { readInlineData, ROOT_ID } from "./lib/boot";
import { Navigator } from "./lib/navigation";
import { NavigationContext } from "./lib/useRoute";
import { loadIslands } from "./lib/island";
import { App } from "./theme/App";
import { pageCode } from "./theme/islands";

/** Hydrates a prerendered tzdocs page and starts client-side navigation. Split from entry-client so the
 *  SSR test runs exactly this code. */
export function startClient(doc: Document): { root: Root; nav: Navigator } {
  const { site, page } = readInlineData(doc);
  const container = doc.getElementById(ROOT_ID);
  if (!container) throw new Error(`tzdocs: <div id="${ROOT_ID}"> is missing from the page`);
  const nav = new Navigator({ site, page, commit: flushSync, pageCode });
  // The islands' code is fetched beside hydration; React hydrates each island when its code is there.
  void loadIslands();
  const root = hydrateRoot(
    container,
    <NavigationContext value={nav}>
      <App store={nav} />
    </NavigationContext>,
  );
  nav.start();
  // The head script applied the stored colour mode before paint; from now on follow other tabs and the
  // OS, with code loaded beside hydration (it is not needed to draw or use the page).
  void import("./lib/colorMode").then((m) => m.watchColorMode(site.colorMode));
  if (site.devEventsUrl) {
    const url = site.devEventsUrl;
    void import("./lib/dev").then((dev) => dev.connectDevEvents(url, nav));
  }
  return { root, nav };
}
