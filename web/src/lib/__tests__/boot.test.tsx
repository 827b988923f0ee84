import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readInlineData, DATA_ID } from "../boot";
import type { TocEntry } from "../contract";
import { TOC } from "../../theme/TOC";

/** A prerendered page as Go writes it: the app's markup, then its inline data without the page's
 *  HTML and table of contents. */
function prerendered(app: string, page: Record<string, unknown>): Document {
  const doc = document.implementation.createHTMLDocument("t");
  doc.body.innerHTML = `<div id="root">${app}</div><script id="${DATA_ID}" type="application/json">${JSON.stringify({ site: {}, page })}</script>`;
  return doc;
}

describe("readInlineData", () => {
  it("reads the table of contents back from the prerendered list, levels and order kept", () => {
    const toc: TocEntry[] = [
      { id: "install", text: "Install", level: 2 },
      { id: "from-source", text: "From <source> & opam", level: 3 },
      { id: "deep", text: "A level skipped", level: 5 },
      { id: "caf%C3%A9-config", text: "Café config", level: 2 },
    ];
    const doc = prerendered(renderToStaticMarkup(<TOC entries={toc} />), { route: "/x", kind: "doc" });
    expect(readInlineData(doc).page.toc).toEqual(toc);
  });

  it("gives a page that shows no list an empty table of contents", () => {
    expect(readInlineData(prerendered("<p>No headings</p>", { route: "/x", kind: "doc" })).page.toc).toEqual([]);
  });

  it("keeps a table of contents the inline data carries", () => {
    const toc: TocEntry[] = [{ id: "a", text: "A", level: 2 }];
    expect(readInlineData(prerendered("", { route: "/x", kind: "doc", toc })).page.toc).toEqual(toc);
  });
});
