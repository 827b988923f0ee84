// Site components' islands (docs/decisions/0013-site-components.md). The build renders every use of
// a site component into the page; the interactive ones are wrapped in
//   <div class="tz-island" data-tz-island="/assets/components/X-….js" data-tz-export="default" data-tz-props="{…}">
// and hydrated here when they come within 600 px of the viewport. Their chunks take React from this
// app (globalThis.__tzdocsReact), so a component adds only its own code. This module is a chunk of
// its own, loaded only by pages that have an island.

import * as React from "react";
import * as ReactDOM from "react-dom";
import { hydrateRoot, type Root } from "react-dom/client";
import * as jsxRuntime from "react/jsx-runtime";
import { DataElementID } from "../lib/contract";

/** How near the viewport an island must come to be hydrated. */
export const ISLAND_MARGIN = "600px";

type Host = typeof globalThis & { __tzdocsReact?: unknown; __tzdocsSite?: unknown };

/** Hands React and the site's configuration to the components' chunks, once. */
function share() {
  const host = globalThis as Host;
  if (host.__tzdocsReact) return;
  host.__tzdocsReact = { react: React, reactDom: ReactDOM, jsxRuntime };
  try {
    const site = (JSON.parse(document.getElementById(DataElementID)?.textContent ?? "{}") as { site?: Record<string, string> }).site ?? {};
    host.__tzdocsSite = { title: site.title ?? "", tagline: site.tagline ?? "", url: site.url ?? "", baseUrl: site.baseUrl ?? "/", customFields: {} };
  } catch {
    host.__tzdocsSite = { title: "", tagline: "", url: "", baseUrl: "/", customFields: {} };
  }
}

/** Props of an island: those written on the tag, and its Markdown children as the server gave them. */
function islandProps(el: HTMLElement): Record<string, unknown> {
  const props = JSON.parse(el.dataset.tzProps ?? "{}") as Record<string, unknown>;
  const children = el.querySelector<HTMLElement>(".tz-children");
  if (children) props.children = React.createElement("div", { className: "tz-children", dangerouslySetInnerHTML: { __html: children.innerHTML } });
  return props;
}

/** Hydrates the islands of one `.tz-markdown` element as they come near the viewport. Returns the
 *  cleanup that unmounts them, run before the element's HTML is replaced. */
export function hydrateIslands(root: HTMLElement): () => void {
  const roots: Root[] = [];
  let stopped = false;
  const hydrate = async (el: HTMLElement) => {
    const url = el.dataset.tzIsland;
    if (!url) return;
    try {
      const props = islandProps(el);
      share();
      const mod = (await import(/* @vite-ignore */ url)) as Record<string, React.ComponentType<Record<string, unknown>>>;
      const Component = mod[el.dataset.tzExport ?? "default"];
      if (stopped || !Component) return;
      roots.push(hydrateRoot(el, React.createElement(Component, props)));
    } catch (err) {
      // The server HTML stays: the page reads as it was built, without the interactivity.
      console.error("tzdocs: a site component could not be hydrated", url, err);
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer.unobserve(e.target);
        void hydrate(e.target as HTMLElement);
      }
    },
    { rootMargin: ISLAND_MARGIN },
  );
  root.querySelectorAll<HTMLElement>("[data-tz-island]").forEach((el) => observer.observe(el));
  return () => {
    stopped = true;
    observer.disconnect();
    for (const r of roots) r.unmount();
  };
}
