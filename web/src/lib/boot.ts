import { DataElementID, RootElementID, type InlineData, type TocEntry } from "./contract";

/** Element ids shared with the Go page template (internal/output). */
export const ROOT_ID = RootElementID;
export const DATA_ID = DataElementID;
export const MARKDOWN_ATTR = "data-tz-markdown";

/** Reads the data Go inlined into a prerendered page. The inline copy has no `page.html` (it would
 *  double the page size) and no `page.toc`: they are read back from the prerendered markdown element
 *  and "On this page" list ("" and none when the page has neither). Throws with a clear message when the page was not produced by tzdocs. */
export function readInlineData(doc: Document): InlineData {
  const script = doc.getElementById(DATA_ID);
  if (!script?.textContent) throw new Error(`tzdocs: <script id="${DATA_ID}"> is missing; was this page built by tzdocs build?`);
  let data: InlineData;
  try {
    data = JSON.parse(script.textContent) as InlineData;
  } catch (err) {
    throw new Error(`tzdocs: <script id="${DATA_ID}"> is not valid JSON: ${String(err)}`, { cause: err });
  }
  if (data.page.html === undefined) {
    const md = doc.querySelector(`[${MARKDOWN_ATTR}]`);
    data.page.html = md ? md.innerHTML : "";
  }
  if (data.page.toc === undefined) data.page.toc = readToc(doc);
  return data;
}

/** Reads a page's table of contents back from its prerendered "On this page" list, in order, with
 *  each entry's heading level; none when the page shows no such list. */
export function readToc(doc: Document): TocEntry[] {
  return [...doc.querySelectorAll<HTMLAnchorElement>(".tz-toc .tz-toc__link")].map((a) => ({
    id: (a.getAttribute("href") ?? "#").slice(1),
    text: a.textContent ?? "",
    level: Number(a.dataset.level) as TocEntry["level"],
  }));
}
