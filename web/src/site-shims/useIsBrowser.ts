// @docusaurus/useIsBrowser for site components: false on the server and during hydration, true
// after, so the first client render matches the prerendered HTML.
import { useEffect, useState } from "react";

export default function useIsBrowser(): boolean {
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return browser;
}
