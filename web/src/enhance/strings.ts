// User-visible strings of the Markdown enhancements, in one typed place (see theme/strings.ts for the rest).

export const enhanceStrings = {
  copy: {
    /** Accessible name of the copy button on every code block. */
    label: "Copy code",
    /** Visible text of the button at rest. */
    text: "Copy",
    /** Shown (and announced) for COPIED_MS after a successful copy. */
    copied: "Copied",
  },
  mermaid: {
    /** Accessible name of a rendered diagram when the SVG carries none of its own. */
    diagram: "Diagram",
  },
} as const;
