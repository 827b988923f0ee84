import { describe, expect, it } from "vitest";
import { formatVote, parseVote, voteKey } from "../vote";

describe("stored votes", () => {
  it("keys by route", () => {
    expect(voteKey("/architecture/bakers")).toBe("tz-feedback./architecture/bakers");
  });
  it("round-trips", () => {
    expect(parseVote(formatVote({ helpful: false, commented: true }))).toEqual({ helpful: false, commented: true });
  });
  it.each([null, "", "yes", "{", "null", '{"helpful":"yes"}', "[]"])("ignores %j", (raw) => {
    expect(parseVote(raw)).toBeNull();
  });
});
