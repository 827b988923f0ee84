import { useEffect, useRef } from "react";
import { enhanceMarkdown } from "../../enhance";
import { mountFeedbackForms } from "../../feedback";
import { MARKDOWN_ATTR } from "../../lib/boot";
import "./styles.css";
import "../../enhance/enhance.css";

export interface MarkdownProps {
  /** Compiled HTML, trusted (produced by the tzdocs build). */
  html: string;
  /** page.hasMermaid. When left out, a `pre.tz-mermaid` in the HTML decides. */
  hasMermaid?: boolean;
}

/** The compiled Markdown of a page. The client reads the HTML back from this element when hydrating, so
 *  this element must stay the first one carrying the attribute on the page. Copy buttons, tabs, diagrams
 *  and image zoom are added by an effect, so only after hydration, and again whenever the HTML changes. */
export function Markdown({ html, hasMermaid }: MarkdownProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const undo = enhanceMarkdown(root, { hasMermaid: hasMermaid ?? root.querySelector("pre.tz-mermaid") !== null });
    const unmountForms = mountFeedbackForms(root);
    return () => {
      unmountForms();
      undo?.();
    };
  }, [html, hasMermaid]);
  return <div ref={ref} className="tz-markdown" {...{ [MARKDOWN_ATTR]: "" }} dangerouslySetInnerHTML={{ __html: html }} />;
}
