// Highlight and snippet values arrive as HTML: text escaped by the server, matches wrapped in <mark>.
// Only <mark> is trusted. Rather than inject the HTML, it is parsed into text segments that React
// renders as text: any other tag stays literal, visible text and never markup.

export interface Segment {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references an escaping server produces (named basics and numeric). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code < 1 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const MARK = /<(\/?)mark\s*>/gi;

/** Splits a highlight value into plain and marked segments; unbalanced tags are tolerated. */
export function parseHighlight(html: string): Segment[] {
  const out: Segment[] = [];
  let marked = false;
  let last = 0;
  const push = (raw: string) => {
    if (raw === "") return;
    const text = decodeEntities(raw);
    const prev = out[out.length - 1];
    if (prev && prev.marked === marked) prev.text += text;
    else out.push({ text, marked });
  };
  for (const m of html.matchAll(MARK)) {
    push(html.slice(last, m.index));
    marked = m[1] !== "/";
    last = m.index + m[0].length;
  }
  push(html.slice(last));
  return out;
}

/** The plain text of a highlight value (no marks). */
export function highlightText(html: string): string {
  return parseHighlight(html)
    .map((s) => s.text)
    .join("");
}
