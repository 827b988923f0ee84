// The search dialog (a lazy chunk, mounted only while open): a modal with a combobox input over a
// listbox of options. Screens: start (recent conversations, recent and favourite searches), results
// grouped by section, no results, error; loading keeps the previous results, stalled shows a spinner.
// Ask AI mode (site.askAi.enabled): the 'Ask AI: <query>' row or a recent conversation swaps the
// body for the assistant (its own lazy chunk); Escape first leaves AI mode, then closes.

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { createPortal } from "react-dom";
import type { AssistantViewProps } from "../../assistant/AssistantView";
import { ConversationHistory } from "../../assistant/history";
import type { SiteData } from "../../lib/contract";
import { Loadable } from "../../theme/Loadable";
import { sharedSearchClient, type SearchClient } from "../client";
import { Insights } from "../insights";
import { flatten, moveActive, resultSections, startSections, type OptionModel, type RecentConversation } from "../options";
import { SavedSearches, savedFromHit } from "../recent";
import { groupHits, relativizeHits, searchPageHref, suggestionsFor } from "../results";
import { dialogStrings as t } from "../strings";
import { useSearch } from "../useSearch";
import { ErrorScreen } from "./ErrorScreen";
import { NoResults } from "./NoResults";
import { OptionRow } from "./OptionRow";
import "./styles.css";

export interface SearchDialogProps {
  site: SiteData;
  /** The query to start with (a key typed on the button, or ?q= of the page). */
  initialQuery?: string;
  onClose: () => void;
  /** Where focus goes back when the dialog closes, if nothing else had it before. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Called when the reader picks the 'Ask AI: <query>' row (shown first when site.askAi.enabled);
   *  the dialog then switches to AI mode itself. */
  onAskAi?: (query: string) => void;
  /** The 'Recent conversations' section of the start screen, shown when non-empty; by default the
   *  conversations stored by Ask AI (when site.askAi.enabled). */
  conversations?: readonly RecentConversation[];
  /** Called when a recent conversation is picked; the dialog then opens it in AI mode. */
  onSelectConversation?: (id: string) => void;
  /** Injected in tests: what AI mode renders (the lazy assistant chunk otherwise). */
  loadAssistant?: () => Promise<{ default: ComponentType<AssistantViewProps> }>;
  /** Injected in tests; the page-wide ones otherwise. */
  client?: SearchClient;
  saved?: SavedSearches;
  insights?: Insights;
}

let pageSaved: SavedSearches | null = null;
let pageConversations: ConversationHistory | null = null;
const loadAssistantView = () => import("../../assistant/AssistantView");

/** AI mode: a new conversation (optionally asking a question at once) or a stored one. */
interface AiMode {
  key: number;
  question?: string;
  conversationId?: string;
}

const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function SearchDialog(props: SearchDialogProps) {
  const { site, onClose } = props;
  const [ai, setAi] = useState<AiMode | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [conversationStore] = useState(() => (pageConversations ??= new ConversationHistory()));
  const conversations = useMemo(
    () => props.conversations ?? (site.askAi.enabled ? conversationStore.list().map((c) => ({ id: c.id, title: c.title })) : undefined),
    // historyVersion: re-read after AI mode saved or removed a conversation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.conversations, site.askAi.enabled, conversationStore, historyVersion],
  );
  const [query, setQuery] = useState(props.initialQuery ?? "");
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [, setSavedVersion] = useState(0);
  const [client] = useState(() => props.client ?? sharedSearchClient(site.search));
  const [saved] = useState(() => props.saved ?? (pageSaved ??= new SavedSearches()));
  const [insights] = useState(() => props.insights ?? new Insights({ index: site.search.indexName }));
  const search = useSearch(client, query);
  const baseId = useId();
  const inputId = `${baseId}input`;
  const listboxId = `${baseId}listbox`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const q = query.trim();

  const hits = useMemo(() => (search.result ? relativizeHits(search.result.hits, site) : []), [search.result, site]);
  const maxPerGroup = site.search.maxResultsPerGroup > 0 ? site.search.maxResultsPerGroup : 5;
  const askAiQuery = site.askAi.enabled && q !== "" ? q : null;
  const openAi = (mode: Omit<AiMode, "key">) => setAi({ ...mode, key: Date.now() });
  // Counts the times AI mode was left: the input, back in the DOM, then takes focus (layout effect).
  const [leftAi, setLeftAi] = useState(0);
  const leaveAi = (nextQuery?: string) => {
    setAi(null);
    if (nextQuery !== undefined) setQuery(nextQuery);
    setActiveKey(null);
    setHistoryVersion((v) => v + 1);
    setLeftAi((n) => n + 1);
  };
  // Before the browser handles another event: a key pressed right after leaving AI mode reaches the
  // input, not the page behind the dialog.
  useLayoutEffect(() => {
    if (leftAi > 0) inputRef.current?.focus();
  }, [leftAi]);
  const onAskAi = (value: string) => {
    props.onAskAi?.(value);
    openAi({ question: value });
  };
  const onSelectConversation = (id: string) => {
    props.onSelectConversation?.(id);
    openAi({ conversationId: id });
  };

  type Screen = "start" | "results" | "noResults" | "error" | "loading";
  let screen: Screen;
  if (q === "") screen = "start";
  else if (search.status === "error") screen = "error";
  else if (search.result && search.result.nbHits === 0 && search.status === "success") screen = "noResults";
  else if (search.result && hits.length > 0) screen = "results";
  else screen = "loading";

  const sections =
    screen === "start"
      ? startSections(saved.recent.getAll(), saved.favorites.getAll(), conversations, t)
      : screen === "results"
        ? resultSections(groupHits(hits, maxPerGroup), askAiQuery, t.otherSection)
        : resultSections([], askAiQuery, t.otherSection);
  const options = flatten(sections);
  const found = options.findIndex((o) => o.key === activeKey);
  const activeIndex = found >= 0 ? found : options.length > 0 ? 0 : -1;
  const optionId = (i: number) => `${baseId}option-${i}`;

  // Focus the input on open, lock page scroll, and give focus back on close.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const returnTo = props.returnFocus;
    const input = inputRef.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      const target = before && before.isConnected ? before : returnTo?.current;
      target?.focus({ preventScroll: true });
    };
    // Runs once per opening; later prop changes do not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => insights.cancel(), [insights]);

  // Escape works even when focus has left the dialog (the element that had it was removed, say):
  // a modal dialog owns the keyboard.
  const escapeRef = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    escapeRef.current = () => (ai ? leaveAi() : onClose());
  });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || dialogRef.current?.contains(e.target as Node)) return;
      e.preventDefault();
      escapeRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Results shown (after the per-section limit): one view event once stable for 400 ms.
  const shownIds = options
    .map((o) => (o.kind === "child" ? o.hit.objectID : o.kind === "page" && o.entry.own ? o.entry.hit.objectID : ""))
    .filter((id) => id !== "")
    .join("\u0000");
  useEffect(() => {
    if (search.status === "success" && shownIds !== "") insights.viewed(shownIds.split("\u0000"));
  }, [insights, search.status, shownIds]);

  // Keep the active option visible.
  useEffect(() => {
    if (activeIndex < 0) return;
    const el = document.getElementById(`${baseId}option-${activeIndex}`);
    if (el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "nearest" });
  }, [activeIndex, baseId]);

  const closeSoon = () => {
    // After the click has reached the site's navigation listener on the document.
    setTimeout(onClose, 0);
  };

  const onPick = (option: OptionModel, e: MouseEvent<HTMLAnchorElement>) => {
    const plain = e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
    const queryID = search.result?.queryID;
    if (option.kind === "page" || option.kind === "child") {
      const hit = option.kind === "page" ? option.entry.hit : option.hit;
      const url = option.kind === "page" ? option.entry.url : option.hit.url;
      saved.pick(savedFromHit(hit, url, search.query || q));
      if (option.kind === "child") insights.clicked(hit.objectID, option.position, queryID);
      else if (option.entry.own) insights.clicked(hit.objectID, option.entry.position, queryID);
    } else if (option.kind === "recent" || option.kind === "favorite") {
      saved.pick(option.saved);
    }
    setSavedVersion((v) => v + 1);
    if (plain) closeSoon();
  };

  const onFavorite = (option: OptionModel) => {
    if (option.kind === "recent") saved.favorite(option.saved);
    setSavedVersion((v) => v + 1);
    inputRef.current?.focus();
  };
  const onRemove = (option: OptionModel) => {
    if (option.kind === "recent") saved.recent.remove(option.saved.id);
    if (option.kind === "favorite") saved.favorites.remove(option.saved.id);
    if (option.kind === "conversation") {
      conversationStore.remove(option.conversation.id);
      setHistoryVersion((v) => v + 1);
    }
    setSavedVersion((v) => v + 1);
    inputRef.current?.focus();
  };

  const activate = (index: number) => {
    const el = document.getElementById(optionId(index));
    (el?.matches("[data-tz-primary]") ? el : el?.querySelector<HTMLElement>("[data-tz-primary]"))?.click();
  };

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = moveActive(activeIndex, options.length, e.key === "ArrowDown" ? 1 : -1);
      setActiveKey(next >= 0 ? (options[next]?.key ?? null) : null);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (activeIndex >= 0) activate(activeIndex);
    }
  };

  const onDialogKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      if (ai) leaveAi();
      else onClose();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    // Trap focus inside the dialog.
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const setQueryAndFocus = (value: string) => {
    setQuery(value);
    setActiveKey(null);
    inputRef.current?.focus();
  };

  const busy = search.status === "loading" || search.status === "stalled";
  const stalled = search.status === "stalled";
  const result = search.result;
  const hasListbox = options.length > 0;
  // Start screen rows carry buttons (save, remove): a grid popup; results are a plain listbox.
  const grid = screen === "start";
  let index = 0;

  const dialog = (
    <div
      className="tz-search-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} className="tz-search" role="dialog" aria-modal="true" aria-label={t.dialogLabel} onKeyDown={onDialogKeyDown}>
        {ai ? (
          <>
            <div className="tz-search__ai-header">
              <button type="button" className="tz-search__ai-back" onClick={() => leaveAi()}>
                <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M12.5 4L6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t.backToSearch}
              </button>
              <h2 className="tz-search__ai-title">{t.askAiTitle}</h2>
              <button type="button" className="tz-search__cancel" onClick={onClose}>
                {t.cancel}
              </button>
            </div>
            <div className="tz-search__body tz-search__body--ai">
              <Loadable
                key={ai.key}
                load={props.loadAssistant ?? loadAssistantView}
                props={{
                  site,
                  initialQuestion: ai.question,
                  conversationId: ai.conversationId,
                  onSearch: (value: string) => leaveAi(value),
                  onLinkClick: closeSoon,
                  onHistoryChange: () => setHistoryVersion((v) => v + 1),
                }}
              />
            </div>
            <div className="tz-search__footer">
              <span />
              <ul className="tz-search__keys" aria-hidden="true">
                <li>
                  <kbd>esc</kbd> {t.toLeaveAi}
                </li>
              </ul>
            </div>
          </>
        ) : (
          <>
            <form className="tz-search__form" role="search" onSubmit={(e) => e.preventDefault()}>
              <label className="tz-search__label" htmlFor={inputId}>
                {stalled ? (
                  <span className="tz-search__spinner" role="status" aria-label={t.loading} />
                ) : (
                  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                    <path d="M14.4 12.9l4.3 4.3-1.4 1.4-4.3-4.3a7.5 7.5 0 1 1 1.4-1.4zM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11z" fill="currentColor" />
                  </svg>
                )}
                <span className="tz-sr-only">{t.inputLabel}</span>
              </label>
              <input
                ref={inputRef}
                id={inputId}
                className="tz-search__input"
                type="search"
                role="combobox"
                aria-autocomplete="list"
                aria-haspopup={grid ? "grid" : "listbox"}
                aria-expanded={hasListbox}
                aria-controls={hasListbox ? listboxId : undefined}
                aria-activedescendant={hasListbox && activeIndex >= 0 ? optionId(activeIndex) : undefined}
                placeholder={t.placeholder}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="off"
                spellCheck={false}
                enterKeyHint="go"
                maxLength={512}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActiveKey(null);
                }}
                onKeyDown={onInputKeyDown}
              />
              {query !== "" ? (
                <button type="button" className="tz-search__reset" aria-label={t.clearQuery} title={t.clearQuery} onClick={() => setQueryAndFocus("")}>
                  <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
                    <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                  </svg>
                </button>
              ) : null}
              <button type="button" className="tz-search__cancel" onClick={onClose}>
                {t.cancel}
              </button>
            </form>

            <div className="tz-search__body">
              {hasListbox ? (
                <div
                  id={listboxId}
                  role={grid ? "grid" : "listbox"}
                  aria-label={grid ? t.dialogLabel : t.resultsLabel}
                  aria-busy={busy}
                  className="tz-search__listbox"
                >
                  {sections.map((section, n) => {
                    const rows = section.options.map((option) => {
                      const i = index++;
                      return (
                        <OptionRow
                          key={option.key}
                          option={option}
                          id={optionId(i)}
                          active={i === activeIndex}
                          onHover={() => setActiveKey(option.key)}
                          onPick={onPick}
                          onAskAi={onAskAi}
                          onSelectConversation={onSelectConversation}
                          onFavorite={onFavorite}
                          onRemove={onRemove}
                        />
                      );
                    });
                    const titleId = `${baseId}group-${n}`;
                    const title = section.label ? (
                      <div id={titleId} className="tz-search__group-title" role="presentation">
                        {section.label}
                      </div>
                    ) : null;
                    // A grid's row groups may hold rows only, so the title sits beside it there.
                    return grid ? (
                      <div key={section.key} className="tz-search__group">
                        {title}
                        <div role="rowgroup" aria-labelledby={section.label ? titleId : undefined}>
                          {rows}
                        </div>
                      </div>
                    ) : !section.label ? (
                      // The label-less Ask AI row: no group of its own.
                      <div key={section.key} role="presentation" className="tz-search__group">
                        {rows}
                      </div>
                    ) : (
                      <div key={section.key} role="group" aria-labelledby={titleId} className="tz-search__group">
                        {title}
                        {rows}
                      </div>
                    );
                  })}
                </div>
              ) : null}
              {screen === "start" && options.every((o) => o.kind === "conversation") ? <p className="tz-search__screen tz-search__empty">{t.noRecentSearches}</p> : null}
              {screen === "noResults" ? (
                <NoResults
                  query={search.query}
                  suggestions={suggestionsFor(search.query, saved.queries(3, search.query), site.askAi.suggestedQuestions)}
                  missingResultsUrl={site.search.missingResultsUrl}
                  onSuggestion={setQueryAndFocus}
                />
              ) : null}
              {screen === "error" ? <ErrorScreen /> : null}
              {screen === "loading" && stalled ? <p className="tz-search__screen tz-search__loading">{t.loading}…</p> : null}
            </div>

            <div className="tz-search__footer">
              {screen === "results" && result && result.nbHits > 0 ? (
                <a className="tz-search__see-all" href={searchPageHref(site.search.searchPagePath, search.query)} onClick={(e) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && closeSoon()}>
                  {t.seeAll(result.nbHits)}
                </a>
              ) : (
                <span />
              )}
              <ul className="tz-search__keys" aria-hidden="true">
                <li>
                  <kbd>↵</kbd> {t.toSelect}
                </li>
                <li>
                  <kbd>↓</kbd>
                  <kbd>↑</kbd> {t.toNavigate}
                </li>
                <li>
                  <kbd>esc</kbd> {t.toClose}
                </li>
              </ul>
            </div>
          </>
        )}
      </div>
    </div>
  );

  return createPortal(dialog, document.body);
}

export default SearchDialog;
