import { MARKDOWN_ATTR } from "../../lib/boot";
import "./styles.css";

/** The compiled Markdown of a page. The HTML is trusted (produced by the tzdocs build). The client reads
 *  it back from this element when hydrating, so this element must stay the first one carrying the
 *  attribute on the page. */
export function Markdown({ html }: { html: string }) {
  return <div className="tz-markdown" {...{ [MARKDOWN_ATTR]: "" }} dangerouslySetInnerHTML={{ __html: html }} />;
}
