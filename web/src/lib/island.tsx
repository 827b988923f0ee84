// Islands: components the server renders in full but whose code the browser loads beside hydration,
// not in the entry chunk (the first-load budget of docs/behaviour.md). Each sits in its own <Suspense> boundary, on
// the server and in the browser alike, so React keeps the server HTML of an island whose code has not
// arrived, hydrates the rest of the page, and hydrates the island when its code is there. Until then it
// shows its server HTML, and keeps showing it if its code cannot be loaded (links in it still work:
// React holds back a click in a boundary it has not hydrated, so the browser loads the page). Islands are the parts that act
// only once the reader does something (the search and chatbot buttons, the page actions menu, the
// feedback widget, the announcement bar, a doc page's sidebar and tables of contents), static parts
// (the footer, the breadcrumbs, the pagination, the update date) and the content of rare kinds of page (home, plain, not-found and
// search pages, the error page; see theme/islands.ts).

import { memo, Suspense, use, type ComponentType } from "react";
import { reloadForMissingChunk } from "./chunks";
import type { LazyChunk } from "./lazyChunk";

const chunks: { chunk: LazyChunk<unknown>; eager: boolean }[] = [];
const settled = new Map<LazyChunk<unknown>, Promise<unknown>>();

/** Starts loading the code of the eager islands (the client does so as it hydrates), or of all of them
 *  (the server render and the unit tests wait for it). Resolves when each load has succeeded or failed. */
export function loadIslands({ all = false } = {}): Promise<void> {
  const wanted = chunks.filter((c) => all || c.eager);
  for (const c of wanted) void code(c.chunk);
  return Promise.all(wanted.map((c) => c.chunk.load().catch(() => undefined))).then(() => undefined);
}

/** Loads the code of every eager island whose load failed, so that the page the navigator is about to
 *  show can hydrate in full; rejects when one still cannot be loaded (the navigator then loads the
 *  page from the server). */
export function retryFailedIslands(): Promise<void> {
  return Promise.all(chunks.filter((c) => c.eager && c.chunk.loaded() === undefined && settled.has(c.chunk)).map((c) => c.chunk.load())).then(
    () => undefined,
  );
}

/** The chunk's module. When its load fails the promise stays pending until a later load succeeds (the
 *  navigator's, before it shows another page): an island suspended on it keeps the
 *  server's HTML, which React leaves in place, instead of rendering nothing. */
function code(chunk: LazyChunk<unknown>): Promise<unknown> {
  let p = settled.get(chunk);
  if (!p) {
    p = chunk.load().catch(async (err: unknown) => {
      if (!(await reloadForMissingChunk(err))) console.error("tzdocs: a part of the page could not be loaded; its server HTML stays", err);
      return chunk.whenLoaded();
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
    const m = chunk.loaded() ?? (use(code(chunk)) as M);
    const Component = pick(m);
    return <Component {...props} />;
  }
  // Memoised: a parent's re-render with the same props must not reach a boundary that is still showing
  // its server HTML, or React would give that HTML up and render the boundary on the client.
  const Island = memo(function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    );
  });
  return Island as unknown as ComponentType<P>;
}
