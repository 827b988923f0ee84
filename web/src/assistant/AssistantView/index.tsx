// Ask AI's screens, shared by the search dialog and the chatbot panel: a conversation (new, with
// suggested questions, or restored) and the conversation history. A lazy chunk: it pulls in the
// answer stream client and react-markdown.

import { useState } from "react";
import type { SiteData } from "../../lib/contract";
import { Conversation } from "../Conversation";
import { ConversationHistory } from "../history";
import { newId } from "../parts";
import type { AssistantServices } from "../services";
import { assistantStrings as t } from "../strings";
import "./styles.css";

export interface AssistantViewProps {
  site: SiteData;
  /** Ask this question in a new conversation on open. */
  initialQuestion?: string;
  /** Open this stored conversation. */
  conversationId?: string;
  /** Open on the history screen (it shows a new conversation when none are stored). */
  showHistory?: boolean;
  onSearch?: (query: string) => void;
  onLinkClick?: () => void;
  /** Called when the stored conversations change (the dialog's 'Recent conversations'). */
  onHistoryChange?: () => void;
  history?: ConversationHistory;
  services?: AssistantServices;
}

type Screen = { kind: "chat"; key: string; conversationId?: string; question?: string } | { kind: "history" };

let pageHistory: ConversationHistory | null = null;

export function AssistantView(props: AssistantViewProps) {
  const [history] = useState(() => props.history ?? (pageHistory ??= new ConversationHistory()));
  const [screen, setScreen] = useState<Screen>(() =>
    props.showHistory ? { kind: "history" } : { kind: "chat", key: newId(), conversationId: props.conversationId, question: props.initialQuestion },
  );
  const [, setVersion] = useState(0);
  const changed = () => {
    setVersion((v) => v + 1);
    props.onHistoryChange?.();
  };
  const conversations = history.list();
  const startNew = () => setScreen({ kind: "chat", key: newId() });

  // The history screen switches to a new conversation (AI mode) when none are stored.
  const shown: Screen = screen.kind === "history" && conversations.length === 0 ? { kind: "chat", key: "empty-history" } : screen;
  const stored = shown.kind === "chat" && shown.conversationId ? history.get(shown.conversationId) : undefined;

  return (
    <div className="tz-askai">
      <div className="tz-askai__toolbar">
        <button type="button" className="tz-askai__tool" onClick={startNew}>
          {t.newConversation}
        </button>
        <button type="button" className="tz-askai__tool" aria-pressed={shown.kind === "history"} onClick={() => setScreen({ kind: "history" })}>
          {t.history}
        </button>
      </div>
      {shown.kind === "history" ? (
        <div className="tz-askai__history">
          <h2 className="tz-askai__history-title">{t.history}</h2>
          <ul className="tz-askai__history-list">
            {conversations.map((c) => (
              <li key={c.id} className="tz-askai__history-item">
                <button type="button" className="tz-askai__history-open" onClick={() => setScreen({ kind: "chat", key: c.id, conversationId: c.id })}>
                  {c.title || t.untitled}
                </button>
                <button
                  type="button"
                  className="tz-askai__history-remove"
                  aria-label={t.removeConversation(c.title || t.untitled)}
                  title={t.removeConversation(c.title || t.untitled)}
                  onClick={() => {
                    history.remove(c.id);
                    changed();
                  }}
                >
                  <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
                    <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Conversation
          key={shown.key}
          site={props.site}
          history={history}
          conversation={stored}
          initialQuestion={shown.question}
          onSearch={props.onSearch}
          onLinkClick={props.onLinkClick}
          onNewConversation={startNew}
          onSaved={changed}
          services={props.services}
        />
      )}
    </div>
  );
}

export default AssistantView;
