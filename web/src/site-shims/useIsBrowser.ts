// @docusaurus/useIsBrowser for site components: false on the server and during hydration (React
// reads the server snapshot then), true after, so the first client render matches the prerendered
// HTML.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export default function useIsBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
