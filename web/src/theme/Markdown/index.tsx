import { useEffect, useRef } from "react";
import { enhanceMarkdownLater } from "../../enhance/lazy";
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
 *  this element must stay the first one carrying the attribute on the page. Copy buttons, tabs, diagrams,
 *  image zoom and feedback forms are added by an effect, so only after hydration (their code is loaded
 *  then), and again whenever the HTML changes. */
export function Markdown({ html, hasMermaid }: MarkdownProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    return enhanceMarkdownLater(root, { hasMermaid: hasMermaid ?? root.querySelector("pre.tz-mermaid") !== null });
  }, [html, hasMermaid]);
  return <div ref={ref} className="tz-markdown" {...{ [MARKDOWN_ATTR]: "" }} dangerouslySetInnerHTML={{ __html: html }} />;
}
