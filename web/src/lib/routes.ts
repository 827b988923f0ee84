// Route helpers shared by navigation and tests. Mirrors internal/build's dataPath in Go.

/** The page-data URL of a canonical route: "/" → "/_data/index.json", "/a/" → "/_data/a/index.json",
 *  "/a/b" → "/_data/a/b.json". */
export function dataPath(route: string): string {
  if (route === "/") return "/_data/index.json";
  if (route.endsWith("/")) return `/_data${route}index.json`;
  return `/_data${route}.json`;
}
