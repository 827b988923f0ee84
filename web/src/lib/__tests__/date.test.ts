import { describe, expect, it } from "vitest";
import { formatShortDate } from "../date";

describe("formatShortDate", () => {
  it.each([
    ["2026-11-22", "Nov 22, 2026"],
    ["2026-01-01", "Jan 1, 2026"],
    ["2024-02-29", "Feb 29, 2024"],
    ["2000-02-29", "Feb 29, 2000"],
    ["1999-12-31", "Dec 31, 1999"],
    ["2026-06-05T23:59:59Z", "Jun 5, 2026"],
  ])("formats %s as %s", (iso, want) => {
    expect(formatShortDate(iso)).toBe(want);
  });

  it.each(["", "2026-13-01", "2026-00-10", "2026-04-31", "2023-02-29", "1900-02-29", "22/11/2026", "2026-11-22x"])(
    "rejects %j",
    (iso) => {
      expect(formatShortDate(iso)).toBeNull();
    },
  );
});
