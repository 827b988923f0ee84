// @docusaurus/Head for site components. A page's head is written by the build from its front
// matter; what a component puts in <Head> is not added to it (README: site components).
import type { ReactNode } from "react";

export default function Head(_props: { children?: ReactNode }) {
  return null;
}
