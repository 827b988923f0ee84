// @docusaurus/Head for site components. While the build renders a use (internal/components/render.mjs
// sets globalThis.__tzdocsHead), the children are collected, and their <meta> and <link> elements go
// into the page's <head>; the build names anything else it leaves out. In the browser the page's head
// is already written, so Head renders nothing there either: hydration finds what the server made.
import type { ReactNode } from "react";

export default function Head({ children }: { children?: ReactNode }) {
  (globalThis as { __tzdocsHead?: ReactNode[] }).__tzdocsHead?.push(children);
  return null;
}
