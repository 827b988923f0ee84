// @theme/Admonition for site components: the same box as a ":::type" block of the Markdown.
import type { ReactNode } from "react";

const styles: Record<string, string> = { important: "info", success: "tip", secondary: "note" };
const drawn = ["note", "tip", "info", "warning", "danger", "caution"];

export interface AdmonitionProps {
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export default function Admonition({ type = "note", title, className, children }: AdmonitionProps) {
  const style = styles[type] ?? (drawn.includes(type) ? type : "info");
  const classes = ["tz-admonition", `tz-admonition--${type}`];
  if (style !== type) classes.push(`tz-admonition--${style}`);
  if (className) classes.push(className);
  return (
    <div className={classes.join(" ")}>
      <p className="tz-admonition__title">{title ?? type.charAt(0).toUpperCase() + type.slice(1)}</p>
      <div className="tz-admonition__body">{children}</div>
    </div>
  );
}
