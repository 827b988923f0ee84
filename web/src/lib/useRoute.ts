import { createContext, useContext, useSyncExternalStore } from "react";
import type { RouteState, RouteStore } from "./navigation";

/** Subscribes a component to the current page and loading state. */
export function useRouteState(store: RouteStore): RouteState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The navigator, for components that need to navigate or prefetch programmatically (null when
 *  server rendering). */
export interface NavigationApi {
  navigate(href: string): Promise<void>;
  prefetch(href: string): void;
  /** Loads the current page's data again, bypassing the cache, and re-renders it. */
  reload(): Promise<void>;
}

export const NavigationContext = createContext<NavigationApi | null>(null);

export function useNavigation(): NavigationApi | null {
  return useContext(NavigationContext);
}
