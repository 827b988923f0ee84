// Colour mode: light or dark, with the reader's choice (light, dark or system) stored under the
// `theme` key, applied as <html data-theme>, and followed across tabs through the storage event.
// The first application happens before paint in COLOR_MODE_SCRIPT; this module keeps it current.

import { readStored, writeStored } from "./storage";
import type { SiteData } from "./contract";

export const THEME_KEY = "theme";
export type ColorMode = "light" | "dark";
export type ColorModeChoice = ColorMode | "system";

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function parseChoice(value: string | null): ColorModeChoice | null {
  return value === "light" || value === "dark" || value === "system" ? value : null;
}

/** The mode to show: the stored choice; when there is none, the OS preference if the site respects
 *  it, else the configured default. */
export function resolveColorMode(choice: ColorModeChoice | null, config: SiteData["colorMode"], osDark: boolean): ColorMode {
  if (choice === "light" || choice === "dark") return choice;
  if (choice === "system" || config.respectPrefersColorScheme) return osDark ? "dark" : "light";
  return config.defaultMode;
}

function osPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** Sets data-theme (and data-theme-choice) on <html>. */
export function applyColorMode(config: SiteData["colorMode"], root: HTMLElement = document.documentElement): ColorMode {
  const choice = parseChoice(readStored(THEME_KEY));
  const mode = resolveColorMode(choice, config, osPrefersDark());
  root.setAttribute("data-theme", mode);
  if (choice) root.setAttribute("data-theme-choice", choice);
  else root.removeAttribute("data-theme-choice");
  return mode;
}

/** Stores the reader's choice (null clears it) and applies it. */
export function setColorModeChoice(choice: ColorModeChoice | null, config: SiteData["colorMode"]): ColorMode {
  writeStored(THEME_KEY, choice);
  return applyColorMode(config);
}

/** Keeps <html data-theme> current: another tab changing the stored choice, or the OS switching while
 *  the choice follows it. Returns a function that stops watching. */
export function watchColorMode(config: SiteData["colorMode"], onChange?: (mode: ColorMode) => void): () => void {
  const update = () => {
    const mode = applyColorMode(config);
    onChange?.(mode);
  };
  const onStorage = (e: StorageEvent) => {
    // key is null when another tab cleared all of storage.
    if (e.key === THEME_KEY || e.key === null) update();
  };
  window.addEventListener("storage", onStorage);
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener?.("change", update);
  update();
  return () => {
    window.removeEventListener("storage", onStorage);
    media?.removeEventListener?.("change", update);
  };
}
