// Pure helpers of the general feedback form: what a reader types into "Page URL", and how long a
// comment is in the server's unit (Unicode code points, like Go's utf8.RuneCountInString).
import { feedbackStrings } from "./strings";

export type PageUrlResult = { path: string } | { error: string };

/**
 * Turns what a reader entered as the page concerned into a path of this site: "" stays "" (the
 * field is optional); "/a/b?x#y" and "a/b" become "/a/b"; a full address on `host` (the site's own
 * host, such as location.host) becomes its path; an address on another host is an error.
 */
export function normalisePageUrl(input: string, host: string): PageUrlResult {
  const t = input.trim();
  if (t === "") return { path: "" };
  let absolute: string | null = null;
  if (/^https?:\/\//i.test(t)) absolute = t;
  else if (t.startsWith("//")) absolute = "https:" + t;
  else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(t)) return { error: feedbackStrings.errors.badUrl }; // mailto:, javascript:…
  else if (!t.startsWith("/") && /[.:]/.test(t.split("/")[0] ?? "")) absolute = "https://" + t; // docs.example.com/page
  let url: URL;
  try {
    url = absolute ? new URL(absolute) : new URL(t.startsWith("/") ? t : "/" + t, "https://" + (host || "localhost"));
  } catch {
    return { error: feedbackStrings.errors.badUrl };
  }
  if (absolute && url.host.toLowerCase() !== host.toLowerCase()) {
    return { error: feedbackStrings.errors.otherHost(url.host) };
  }
  return { path: url.pathname || "/" };
}

/** The length of a comment as the server counts it: code points, so an emoji counts once. */
export function countChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
