// Dates are formatted by hand, never with Intl, so the prerendered HTML (Node) and the hydrating browser
// always agree, whatever locale or time zone either one runs in.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysIn(month: number, year: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "2026-11-22" (optionally followed by a time, e.g. "2026-11-22T10:00:00Z") → "Nov 22, 2026".
 *  Returns null for anything that is not a real calendar date, so callers can render nothing. */
export function formatShortDate(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return null;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
