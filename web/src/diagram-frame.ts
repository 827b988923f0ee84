// The diagram frame's code (dist/_diagram.html): mermaid lays diagrams out with inline styles, which
// the pages' content security policy refuses, so pages draw them here, in a hidden same-origin frame
// whose own policy allows them, and take back the finished SVG (see enhance/mermaid.ts).

import mermaid from "mermaid";
import type { DiagramFrameApi } from "./enhance/mermaid";

const api: DiagramFrameApi = {
  async render(id, text, config) {
    mermaid.initialize(config);
    const { svg } = await mermaid.render(id, text);
    return svg;
  },
};

(window as unknown as { tzDiagrams: DiagramFrameApi }).tzDiagrams = api;
