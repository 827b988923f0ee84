import { useEffect, useId, useRef, useState } from "react";
import { COPIED_MS, writeClipboard } from "../../lib/clipboard";
import type { PageData, SiteData } from "../../lib/contract";
import { cx } from "../../lib/cx";
import { chatGPTLink, claudeLink, markdownURL, readPagePrompt } from "../../lib/pageActions";
import { Link } from "../Link";
import { strings } from "../strings";
import "./styles.css";

type CopyState = "idle" | "copied" | "failed";

export interface PageActionsProps {
  site: SiteData;
  page: PageData;
}

/** The menu by a page's title: copy the page as Markdown, view the Markdown, or open the page in a
 *  chat assistant. Shown only for pages that have a Markdown version. The assistants are plain links:
 *  nothing reaches another site until the reader follows one. */
export function PageActions({ site, page }: PageActionsProps) {
  return page.markdown ? <Menu site={site} path={page.markdown} /> : null;
}

function Menu({ site, path }: { site: SiteData; path: string }) {
  const s = strings.pageActions;
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>("idle");
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  useEffect(() => {
    if (copy === "idle") return;
    const t = setTimeout(() => setCopy("idle"), COPIED_MS);
    return () => clearTimeout(t);
  }, [copy]);

  const copyPage = () => {
    fetch(path)
      .then((res) => {
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        return res.text();
      })
      .then((text) => writeClipboard(text, document))
      .then(
        () => setCopy("copied"),
        () => setCopy("failed"),
      );
  };
  const prompt = readPagePrompt(markdownURL(site, path));
  const label = copy === "copied" ? s.copied : copy === "failed" ? s.failed : s.copy;

  return (
    <div
      ref={root}
      className={cx("tz-page-actions", open && "tz-page-actions--open")}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button type="button" className="tz-page-actions__copy" onClick={copyPage}>
        {label}
      </button>
      <button
        ref={toggle}
        type="button"
        className="tz-page-actions__toggle"
        aria-label={s.more}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      />
      <ul id={menuId} className="tz-page-actions__menu" hidden={!open}>
        <li>
          <button type="button" className="tz-page-actions__item" onClick={copyPage}>
            {copy === "idle" ? s.copyMarkdown : label}
          </button>
        </li>
        <li>
          <a className="tz-page-actions__item" href={path}>
            {s.viewMarkdown}
          </a>
        </li>
        <li>
          <Link className="tz-page-actions__item" href={chatGPTLink(prompt)} external>
            {s.openChatGPT}
          </Link>
        </li>
        <li>
          <Link className="tz-page-actions__item" href={claudeLink(prompt)} external>
            {s.openClaude}
          </Link>
        </li>
      </ul>
      <span className="tz-sr-only" role="status">
        {copy === "idle" ? "" : label}
      </span>
    </div>
  );
}
