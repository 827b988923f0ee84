// What the page widget remembers per page and browser: localStorage key `tz-feedback.<route>`, value
// JSON {"helpful": boolean, "commented": boolean}. Anything else stored there is ignored.

export interface StoredVote {
  helpful: boolean;
  commented: boolean;
}

export function voteKey(route: string): string {
  return `tz-feedback.${route}`;
}

export function parseVote(raw: string | null): StoredVote | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredVote> | null;
    if (v && typeof v.helpful === "boolean") return { helpful: v.helpful, commented: v.commented === true };
  } catch {
    // not ours, or damaged: treat as no vote
  }
  return null;
}

export function formatVote(v: StoredVote): string {
  return JSON.stringify({ helpful: v.helpful, commented: v.commented });
}
