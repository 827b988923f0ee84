// A site component styled with a CSS module; a named export beside the default one.
import clsx from "clsx";
import styles from "./styles.module.css";

export default function Badge({ status, text }: { status: "ok" | "down"; text?: string }) {
  return <span className={clsx(styles.badge, status === "ok" ? styles.ok : styles.down)}>{text ?? status}</span>;
}

export function BadgeList({ items }: { items: { status: "ok" | "down"; text: string }[] }) {
  return (
    <ul className={styles.list}>
      {items.map((it) => (
        <li key={it.text}>
          <Badge status={it.status} text={it.text} />
        </li>
      ))}
    </ul>
  );
}

const isStatic = true;
export { isStatic as static };
