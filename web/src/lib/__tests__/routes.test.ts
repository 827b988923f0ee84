import { describe, expect, it } from "vitest";
import { dataPath } from "../navigation";

describe("dataPath", () => {
  it.each([
    ["/", "/_data/index.json"],
    ["/overview/", "/_data/overview/index.json"],
    ["/architecture/accounts", "/_data/architecture/accounts.json"],
    ["/architecture/tokens/FA1.2", "/_data/architecture/tokens/FA1.2.json"],
  ])("maps %s to %s", (route, want) => {
    expect(dataPath(route)).toBe(want);
  });
});
