// The answer's Markdown, rendered safely: react-markdown without raw HTML (skipped) and with its URL
// sanitising; code blocks keep their lines and language, with a copy button above them; pipe tables
// render as tables; a rendering failure shows 'An error occurred'.

import { Component, type MouseEvent, type ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import { codeKey } from "../parts";
import { assistantStrings as t } from "../strings";
import { CopyButton } from "./CopyButton";

export class MarkdownBoundary extends Component<{ children: ReactNode; text: string }, { failed: boolean; text: string }> {
  override state = { failed: false, text: this.props.text };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { text: string }, state: { failed: boolean; text: string }) {
    // New text (the answer kept streaming) gets another try.
    return props.text !== state.text ? { failed: false, text: props.text } : null;
  }
  override componentDidCatch(err: unknown) {
    console.warn("tzdocs assistant: could not render the answer", err);
  }
  override render() {
    return this.state.failed ? (
      <p className="tz-assistant__error" role="alert">
        {t.markdownError}
      </p>
    ) : (
      this.props.children
    );
  }
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

/** The language of a fenced block, from its code element's language-* class. */
export function codeLanguage(pre: HastNode | undefined): string {
  const code = pre?.children?.find((c) => c.type === "element" && c.tagName === "code");
  const classes = code?.properties?.className;
  if (!Array.isArray(classes)) return "";
  for (const c of classes) if (typeof c === "string" && c.startsWith("language-")) return c.slice("language-".length);
  return "";
}

function hastText(node: HastNode | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(hastText).join("");
}

function components(onLinkClick?: () => void, highlighted?: Map<string, string>): Components {
  return {
    a({ href, children }) {
      const external = href !== undefined && /^https?:\/\//i.test(href);
      const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
        if (!external && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey) onLinkClick?.();
      };
      return external ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a href={href} onClick={onClick}>
          {children}
        </a>
      );
    },
    pre({ node, children }) {
      const n = node as HastNode | undefined;
      const code = hastText(n).replace(/\n$/, "");
      const lang = codeLanguage(n);
      // The server's highlighting of this very block (token spans with the pages' classes), once
      // the answer is complete; plain text until then.
      const html = highlighted?.get(codeKey(lang, code));
      // The page's code block classes (tz-code, chroma), so answers look like the docs; the bar
      // above the code holds the language and the copy button, which never cover a line.
      return (
        <div className="tz-assistant__code tz-code" {...(lang ? { "data-language": lang } : {})}>
          <div className="tz-assistant__code-bar">
            <span className="tz-assistant__code-lang">{lang}</span>
            <CopyButton text={code} label={t.copyCode} className="tz-assistant__code-copy" />
          </div>
          <pre className="tz-code__pre chroma" tabIndex={0}>
            {html === undefined ? children : <code className={`language-${lang}`} dangerouslySetInnerHTML={{ __html: html }} />}
          </pre>
        </div>
      );
    },
  };
}

type Align = "left" | "center" | "right" | undefined;

/** A run of the answer: Markdown, or a pipe table (header, delimiter row, rows) whose cells are
 *  inline Markdown. react-markdown renders no tables without the GFM plugin, which would weigh
 *  more than these few lines. */
export type Piece = { kind: "markdown"; text: string } | { kind: "table"; head: string[]; align: Align[]; rows: string[][] };

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

/** The cells of a table row; "\\|" is a pipe inside a cell. */
function cells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  const out: string[] = [];
  let cell = "";
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\" && s[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (s[i] === "|") {
      out.push(cell.trim());
      cell = "";
    } else cell += s[i];
  }
  out.push(cell.trim());
  return out;
}

function alignOf(delimiter: string): Align {
  const left = delimiter.startsWith(":");
  const right = delimiter.endsWith(":");
  return left && right ? "center" : right ? "right" : left ? "left" : undefined;
}

/** Cuts an answer into Markdown and pipe tables, leaving fenced code blocks alone. */
export function splitTables(text: string): Piece[] {
  const lines = text.split("\n");
  const out: Piece[] = [];
  let markdown: string[] = [];
  let fence = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line)?.[1];
    if (fence || f) {
      if (!fence) fence = f!;
      else if (f && f[0] === fence[0] && f.length >= fence.length) fence = "";
      markdown.push(line);
      continue;
    }
    const next = lines[i + 1];
    if (line.includes("|") && next !== undefined && next.includes("-") && DELIMITER.test(next)) {
      const head = cells(line);
      const delimiters = cells(next);
      if (delimiters.length === head.length) {
        const rows: string[][] = [];
        let j = i + 2;
        for (; j < lines.length && lines[j]!.includes("|") && lines[j]!.trim() !== ""; j++) {
          const row = cells(lines[j]!);
          rows.push(head.map((_, k) => row[k] ?? ""));
        }
        if (markdown.length > 0) out.push({ kind: "markdown", text: markdown.join("\n") });
        markdown = [];
        out.push({ kind: "table", head, align: delimiters.map(alignOf), rows });
        i = j - 1;
        continue;
      }
    }
    markdown.push(line);
  }
  if (markdown.length > 0) out.push({ kind: "markdown", text: markdown.join("\n") });
  return out;
}

function Cell({ text, parts }: { text: string; parts: Components }) {
  return (
    <Markdown skipHtml components={parts}>
      {text}
    </Markdown>
  );
}

export interface AnswerMarkdownProps {
  text: string;
  onLinkClick?: () => void;
  /** Highlighted HTML of code blocks, by codeKey (see parts.highlightedCode). */
  highlighted?: Map<string, string>;
}

export function AnswerMarkdown({ text, onLinkClick, highlighted }: AnswerMarkdownProps) {
  const parts = components(onLinkClick, highlighted);
  // A cell's Markdown is inline: no paragraph around it.
  const inline: Components = { ...parts, p: ({ children }) => <>{children}</> };
  return (
    <MarkdownBoundary text={text}>
      <div className="tz-assistant__markdown">
        {splitTables(text).map((piece, i) =>
          piece.kind === "markdown" ? (
            <Markdown key={i} skipHtml components={parts}>
              {piece.text}
            </Markdown>
          ) : (
            <div key={i} className="tz-assistant__table">
              <table>
                <thead>
                  <tr>
                    {piece.head.map((c, k) => (
                      <th key={k} style={piece.align[k] ? { textAlign: piece.align[k] } : undefined}>
                        <Cell text={c} parts={inline} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {piece.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((c, k) => (
                        <td key={k} style={piece.align[k] ? { textAlign: piece.align[k] } : undefined}>
                          <Cell text={c} parts={inline} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        )}
      </div>
    </MarkdownBoundary>
  );
}
