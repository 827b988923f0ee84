// The docs version a reader picked in a version dropdown, remembered per docs plugin (docs/behaviour.md).
import { readStored, writeStored } from "./storage";

/** The storage key of the preferred version of a docs plugin ("default" for the only one here). */
export function preferredVersionKey(pluginId = "default"): string {
  return `docs-preferred-version-${pluginId}`;
}

/** Remembers the version a reader picked. */
export function rememberVersion(version: string, pluginId?: string): void {
  writeStored(preferredVersionKey(pluginId), version);
}

/** The remembered version, forgotten (and null) when it is not one of the versions that exist. */
export function preferredVersion(known: readonly string[], pluginId?: string): string | null {
  const key = preferredVersionKey(pluginId);
  const stored = readStored(key);
  if (stored !== null && !known.includes(stored)) {
    writeStored(key, null);
    return null;
  }
  return stored;
}

/** A version link keeps the current query string and hash, so the reader stays where they were. */
export function versionHref(href: string, search: string, hash: string): string {
  return href + search + hash;
}
