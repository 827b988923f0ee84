// @docusaurus/BrowserOnly for site components: the fallback on the server and at hydration, the
// children's result once the component runs in the browser.
import type { ReactNode } from "react";
import useIsBrowser from "./useIsBrowser";

export default function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useIsBrowser() ? children() : (fallback ?? null);
}
