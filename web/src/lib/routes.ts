// Route helpers shared by navigation and tests. The layout is internal/output's (DataFile in Go).
import { DataURLPrefix } from "./contract";

/** The page-data URL of a canonical route: "/" → "/_data/index.json", "/a/" → "/_data/a/index.json",
 *  "/a/b" → "/_data/a/b.json". */
export function dataPath(route: string): string {
  const rest = route.slice(1);
  if (route === "/" || route.endsWith("/")) return `${DataURLPrefix}${rest}index.json`;
  return `${DataURLPrefix}${rest}.json`;
}
