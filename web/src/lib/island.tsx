// Islands: components the server renders in full but whose code the browser loads beside hydration,
// not in the entry chunk (the first-load budget of docs/behaviour.md). Each sits in its own <Suspense> boundary, on
// the server and in the browser alike, so React keeps the server HTML of an island whose code has not
// arrived, hydrates the rest of the page, and hydrates the island when its code is there. Until then it
// shows its server HTML (links in it work: the navigator follows them). Islands are the parts that act
// only once the reader does something (the search and chatbot buttons, the page actions menu, the
// feedback widget, the announcement bar, a doc page's sidebar and tables of contents), static parts
// (the footer, the breadcrumbs, the pagination, the update date) and the content of rare kinds of page (home, plain, not-found and
// search pages, the error page; see theme/islands.ts).

import { Suspense, use, type ComponentType } from "react";
import { reloadForMissingChunk } from "./chunks";
import type { LazyChunk } from "./lazyChunk";

const chunks: { chunk: LazyChunk<unknown>; eager: boolean }[] = [];
const settled = new Map<LazyChunk<unknown>, Promise<unknown>>();

/** Starts loading the code of the eager islands (the client does so as it hydrates), or of all of them
 *  (the server render and the unit tests wait for it). Resolves when each load has succeeded or failed. */
export function loadIslands({ all = false } = {}): Promise<void> {
  return Promise.all(chunks.filter((c) => all || c.eager).map((c) => settle(c.chunk))).then(() => undefined);
}

/** The chunk's module, or undefined once its load failed (logged; a new build reloads the page). */
function settle(chunk: LazyChunk<unknown>): Promise<unknown> {
  let p = settled.get(chunk);
  if (!p) {
    p = chunk.load().catch(async (err: unknown) => {
      settled.delete(chunk); // the next render tries again
      if (!(await reloadForMissingChunk(err))) console.error("tzdocs: a part of the page could not be loaded", err);
      return undefined;
    });
    settled.set(chunk, p);
  }
  return p;
}

/** Returns a component that renders pick(module) from chunk, as an island. An eager island's code is
 *  fetched as the page hydrates; another's when it is first rendered (a rare kind of page). */
export function island<P extends object, M>(chunk: LazyChunk<M>, pick: (m: M) => ComponentType<P>, { eager = true } = {}): ComponentType<P> {
  chunks.push({ chunk, eager });
  function Code(props: P) {
    const m = chunk.loaded() ?? (use(settle(chunk)) as M | undefined);
    if (m === undefined) return null; // its code failed to load: React renders the boundary empty
    const Component = pick(m);
    return <Component {...props} />;
  }
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    );
  }
  return Island;
}
