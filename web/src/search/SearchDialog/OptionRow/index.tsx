// One option of the dialog's listbox. The primary element (a link, or a button for Ask AI and
// conversations) carries data-tz-primary: Enter clicks it, so links go through the site's navigation.

import type { MouseEvent } from "react";
import { Highlight } from "../../Highlight";
import type { OptionModel } from "../../options";
import { rowText } from "../../results";
import { dialogStrings as t } from "../../strings";

export interface OptionRowProps {
  option: OptionModel;
  id: string;
  active: boolean;
  onHover: () => void;
  /** A result or saved search link was clicked (plain or modified click). */
  onPick: (option: OptionModel, e: MouseEvent<HTMLAnchorElement>) => void;
  onAskAi: (query: string) => void;
  onSelectConversation: (id: string) => void;
  onFavorite: (option: OptionModel) => void;
  onRemove: (option: OptionModel) => void;
}

const ENTER = "↵";

function ActionIcon({ kind }: { kind: "star" | "starFilled" | "remove" | "page" | "hash" | "text" | "recent" | "ai" }) {
  const paths: Record<typeof kind, string> = {
    star: "M10 2.5l2.3 4.8 5.2.7-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.7z",
    starFilled: "M10 2.5l2.3 4.8 5.2.7-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.7z",
    remove: "M5 5l10 10M15 5L5 15",
    page: "M5 2.5h6.5L15 6v11.5H5zM11.5 2.5V6H15",
    hash: "M8 3L6.5 17M13.5 3L12 17M3.5 7.5h14M2.5 12.5h14",
    text: "M4 5h12M4 10h12M4 15h8",
    recent: "M10 4.5a5.5 5.5 0 1 1-5.5 5.5M10 7v3.5l2.5 1.5M4.5 4v3.5H8",
    ai: "M10 2.5l1.6 4.4 4.4 1.6-4.4 1.6L10 14.5l-1.6-4.4L4 8.5l4.4-1.6zM15.5 13l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z",
  };
  return (
    <svg className={`tz-search__icon tz-search__icon--${kind}`} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path d={paths[kind]} fill={kind === "starFilled" || kind === "ai" ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

export function OptionRow(props: OptionRowProps) {
  const { option, id, active, onHover } = props;
  // The primary element is the option itself (no interactive element nested in another).
  const common = {
    id,
    role: "option" as const,
    "aria-selected": active,
    "data-tz-primary": "",
    tabIndex: -1,
    className: "tz-search__hit",
    onMouseMove: active ? undefined : onHover,
  };
  const row = (modifier: string) => `tz-search__option${modifier ? ` tz-search__option--${modifier}` : ""}${active ? " tz-search__option--active" : ""}`;
  switch (option.kind) {
    case "askAi":
      return (
        <div className={row("ask-ai")}>
          <button type="button" {...common} onClick={() => props.onAskAi(option.query)}>
            <ActionIcon kind="ai" />
            <span className="tz-search__hit-text">
              <span className="tz-search__hit-title">
                {t.askAi} <strong>{option.query}</strong>
              </span>
            </span>
            <span className="tz-search__hit-enter" aria-hidden="true">{ENTER}</span>
          </button>
        </div>
      );
    case "conversation":
      // Start screen rows live in a grid (combobox with a grid popup): the first cell is the active
      // descendant, the second holds the row's own buttons.
      return (
        <div role="row" className={row("")}>
          <div role="gridcell" id={id} aria-selected={active} className="tz-search__cell" onMouseMove={active ? undefined : onHover}>
            <button type="button" className="tz-search__hit" data-tz-primary="" tabIndex={-1} onClick={() => props.onSelectConversation(option.conversation.id)}>
              <ActionIcon kind="ai" />
              <span className="tz-search__hit-text">
                <span className="tz-search__hit-title">{option.conversation.title}</span>
              </span>
            </button>
          </div>
          <div role="gridcell" className="tz-search__actions">
            <button
              type="button"
              className="tz-search__hit-action"
              title={t.removeConversation}
              aria-label={`${t.removeConversation}: ${option.conversation.title}`}
              onClick={() => props.onRemove(option)}
            >
              <ActionIcon kind="remove" />
            </button>
          </div>
        </div>
      );
    case "recent":
    case "favorite": {
      const s = option.saved;
      const favorite = option.kind === "favorite";
      return (
        <div role="row" className={row("saved")}>
          <div role="gridcell" id={id} aria-selected={active} className="tz-search__cell" onMouseMove={active ? undefined : onHover}>
            <a href={s.url} className="tz-search__hit" data-tz-primary="" tabIndex={-1} onClick={(e) => props.onPick(option, e)}>
              <ActionIcon kind={favorite ? "starFilled" : "recent"} />
              <span className="tz-search__hit-text">
                <span className="tz-search__hit-title">{s.title}</span>
                {s.page && s.page !== s.title ? <span className="tz-search__hit-path">{s.page}</span> : null}
              </span>
            </a>
          </div>
          <div role="gridcell" className="tz-search__actions">
            {favorite ? null : (
              <button type="button" className="tz-search__hit-action" title={t.saveSearch} aria-label={`${t.saveSearch}: ${s.title}`} onClick={() => props.onFavorite(option)}>
                <ActionIcon kind="star" />
              </button>
            )}
            <button
              type="button"
              className="tz-search__hit-action"
              title={favorite ? t.removeFavorite : t.removeRecent}
              aria-label={`${favorite ? t.removeFavorite : t.removeRecent}: ${s.title}`}
              onClick={() => props.onRemove(option)}
            >
              <ActionIcon kind="remove" />
            </button>
          </div>
        </div>
      );
    }
    case "page": {
      const { entry } = option;
      return (
        <div className={row("page")}>
          <a href={entry.url} {...common} onClick={(e) => props.onPick(option, e)}>
            <ActionIcon kind="page" />
            <span className="tz-search__hit-text">
              <Highlight className="tz-search__hit-title" value={entry.title} />
            </span>
            <span className="tz-search__hit-enter" aria-hidden="true">{ENTER}</span>
          </a>
        </div>
      );
    }
    case "child": {
      const text = rowText(option.hit);
      return (
        <div className={row("child")}>
          <a href={option.hit.url} {...common} onClick={(e) => props.onPick(option, e)}>
            <ActionIcon kind={option.hit.type === "content" ? "text" : "hash"} />
            <span className="tz-search__hit-text">
              <Highlight className="tz-search__hit-title" value={text.title} />
              {text.path ? <Highlight className="tz-search__hit-path" value={text.path} /> : null}
            </span>
            <span className="tz-search__hit-enter" aria-hidden="true">{ENTER}</span>
          </a>
        </div>
      );
    }
  }
}
