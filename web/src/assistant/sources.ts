// 'Related sources' of an answer (docs/behaviour.md, "Ask AI"): Markdown links and bare http(s) URLs of its text, with
// code removed, trailing punctuation stripped from bare URLs, deduplicated in order of appearance.

export interface Source {
  url: string;
  title: string;
}

/** Drops fenced code blocks (``` or ~~~, closed or still open) and inline code spans. */
export function stripCode(markdown: string): string {
  const lines = markdown.split("\n");
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (m && m[1]!.startsWith(fence[0]!) && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
      continue;
    }
    if (m) {
      fence = m[1]!;
      continue;
    }
    kept.push(line);
  }
  return kept.join("\n").replace(/(`+)[^`]*?\1/g, " ");
}

/** Strips punctuation that ends a sentence rather than the URL, keeping balanced closing parentheses. */
export function trimUrl(url: string): string {
  let u = url;
  for (;;) {
    const last = u[u.length - 1];
    if (last === undefined) return u;
    if (".,;:!?'\"*_>]}".includes(last)) {
      u = u.slice(0, -1);
    } else if (last === ")") {
      const open = (u.match(/\(/g) ?? []).length;
      const close = (u.match(/\)/g) ?? []).length;
      if (close <= open) return u;
      u = u.slice(0, -1);
    } else {
      return u;
    }
  }
}

function plainLabel(label: string): string {
  return label.replace(/[*_`~]/g, "").replace(/\s+/g, " ").trim();
}

function linkable(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith("/") && !url.startsWith("//"));
}

// [label](url "title") — not images (![…]); the label may hold one level of brackets.
const LINK = /(!?)\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?([^\s)>]+(?:\([^\s)]*\))?[^\s)>]*)>?(?:\s+["'(][^)]*["')])?\s*\)/g;
const BARE = /\bhttps?:\/\/[^\s<>"'`[\]]+/gi;

export function relatedSources(markdown: string): Source[] {
  const text = stripCode(markdown);
  const found: { at: number; source: Source }[] = [];
  const rest = text.replace(LINK, (whole, bang: string, label: string, url: string, at: number) => {
    if (bang === "" && linkable(url)) found.push({ at, source: { url, title: plainLabel(label) || url } });
    return " ".repeat(whole.length);
  });
  for (const m of rest.matchAll(BARE)) {
    const url = trimUrl(m[0]);
    if (/^https?:\/\/[^/]+/i.test(url)) found.push({ at: m.index, source: { url, title: url } });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: Source[] = [];
  for (const { source } of found) {
    if (seen.has(source.url)) continue;
    seen.add(source.url);
    out.push(source);
  }
  return out;
}

// The "Related sources:" or "See also:" list an answer may end with (the extractive engine writes
// one, so that its text read alone still names its sources): a line of that title, then only
// Markdown list links.
const SOURCES_SECTION = /\n*^(?:Related sources|See also):?[ \t]*\n(?:[ \t]*[-*][ \t]+\[[^\n]*\]\([^\n]*\)[ \t]*(?:\n|$))+\s*(?![\s\S])/m;

/** The answer text without its trailing "Related sources" or "See also" list, which the answer view shows as
 *  its own list (built from every link of the whole text, these included). */
export function withoutSourcesSection(markdown: string): string {
  return markdown.replace(SOURCES_SECTION, "\n");
}
