// The answer's Markdown, rendered safely: react-markdown without raw HTML (skipped) and with its URL
// sanitising; code blocks get a copy button; a rendering failure shows 'An error occurred'.

import { Component, type MouseEvent, type ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
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
  value?: string;
  children?: HastNode[];
}

function hastText(node: HastNode | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(hastText).join("");
}

function components(onLinkClick?: () => void): Components {
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
      const code = hastText(node as HastNode | undefined).replace(/\n$/, "");
      return (
        <div className="tz-assistant__code">
          <pre>{children}</pre>
          <CopyButton text={code} label={t.copyCode} className="tz-assistant__code-copy" />
        </div>
      );
    },
  };
}

export function AnswerMarkdown({ text, onLinkClick }: { text: string; onLinkClick?: () => void }) {
  return (
    <MarkdownBoundary text={text}>
      <div className="tz-assistant__markdown">
        <Markdown skipHtml components={components(onLinkClick)}>
          {text}
        </Markdown>
      </div>
    </MarkdownBoundary>
  );
}
