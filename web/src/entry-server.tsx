// SSR entry, built to dist/server/entry-server.js and run by the Go build under Node for every route.
import { renderToString } from "react-dom/server";
import { staticStore } from "./lib/navigation";
import type { PageData, SiteData } from "./lib/contract";
import { loadIslands } from "./lib/island";
import { App } from "./theme/App";

// The browser loads the islands' code beside hydration (lib/island.tsx); their full HTML is prerendered.
await loadIslands({ all: true });

/** Renders the app root for one page; Go puts the result inside <div id="__tz">. `page.html` must be
 *  present (use "" for pages without Markdown). */
export function render(data: { site: SiteData; page: PageData }): string {
  if (data.page.html === undefined) throw new Error(`render ${data.page.route}: page.html is missing; pass "" for pages without Markdown`);
  return renderToString(<App store={staticStore(data.site, data.page)} />);
}
