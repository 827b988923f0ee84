import { parseHighlight } from "../highlight";

/** Renders a highlight value: matches in <mark>, everything else as text (never as HTML). */
export function Highlight({ value, className }: { value: string; className?: string }) {
  return (
    <span className={className}>
      {parseHighlight(value).map((s, i) => (s.marked ? <mark key={i}>{s.text}</mark> : s.text))}
    </span>
  );
}
