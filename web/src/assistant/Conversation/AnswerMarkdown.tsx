// The answer's Markdown, rendered safely: react-markdown without raw HTML (skipped) and with its URL
// sanitising; code blocks keep their lines and language, with a copy button above them; a rendering failure shows 'An error occurred'.

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

export interface AnswerMarkdownProps {
  text: string;
  onLinkClick?: () => void;
  /** Highlighted HTML of code blocks, by codeKey (see parts.highlightedCode). */
  highlighted?: Map<string, string>;
}

export function AnswerMarkdown({ text, onLinkClick, highlighted }: AnswerMarkdownProps) {
  return (
    <MarkdownBoundary text={text}>
      <div className="tz-assistant__markdown">
        <Markdown skipHtml components={components(onLinkClick, highlighted)}>
          {text}
        </Markdown>
      </div>
    </MarkdownBoundary>
  );
}
