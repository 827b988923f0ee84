import { formatShortDate } from "../../lib/date";
import { strings } from "../strings";

/** "Last updated on Nov 22, 2026"; nothing when the date is missing or not a real date. */
export function LastUpdated({ date }: { date?: string | undefined }) {
  const text = date === undefined ? null : formatShortDate(date);
  if (text === null || date === undefined) return null;
  return (
    <p className="tz-last-updated">
      {strings.lastUpdated.prefix} <time dateTime={date.slice(0, 10)}>{text}</time>
    </p>
  );
}
