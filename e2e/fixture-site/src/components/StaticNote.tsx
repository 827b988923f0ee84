// A static site component: rendered at build time, it ships no JavaScript (it exports static).
import type { ReactNode } from "react";
import Link from "@docusaurus/Link";
import "./StaticNote.css";

export default function StaticNote({ title, tags = [], children }: { title: string; tags?: string[]; children?: ReactNode }) {
  return (
    <aside className="fixture-note" id={"note-" + title.toLowerCase().replace(/\W+/g, "-")}>
      <strong className="fixture-note__title">{title}</strong>
      {tags.length > 0 && <span className="fixture-note__tags">{tags.join(" · ")}</span>}
      <div className="fixture-note__body">{children}</div>
      <Link to="/overview">Back to the overview</Link>
    </aside>
  );
}

const isStatic = true;
export { isStatic as static };
