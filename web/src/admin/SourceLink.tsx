import type { PageSource } from "../lib/contract";

/** The file a page was built from: a link to edit it when the site has an edit URL, else its path
 *  in the repository; a dash when the served site does not say. */
export function SourceLink({ source }: { source: PageSource | null }) {
  if (!source) return <>—</>;
  if (source.editUrl) {
    return (
      <a href={source.editUrl} rel="noopener noreferrer">
        <code>{source.file}</code>
      </a>
    );
  }
  return <code>{source.file}</code>;
}
