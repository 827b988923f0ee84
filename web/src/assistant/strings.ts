// Every user-visible string of Ask AI and the chatbot, in one typed place (docs/behaviour.md).
// The chatbot button's few strings are split out so the static bundle carries only them.

/** The floating chatbot button (static bundle). */
export const buttonStrings = {
  open: "Open the documentation chatbot",
  close: "Close the documentation chatbot",
} as const;

/** The conversation UI, the history and new-conversation screens (lazy chunk). */
export const assistantStrings = {
  thinking: "Thinking...",
  searching: "Searching...",
  searchedFor: "Searched for",
  answering: "Answering...",
  askAnother: "Ask another question...",
  askFirst: "Ask a question...",
  send: "Send",
  stop: "Stop answering",
  stopped: "You stopped this response",
  copy: "Copy answer",
  copyCode: "Copy code",
  copied: "Copied",
  like: "Like this answer",
  dislike: "Dislike this answer",
  thanks: "Thanks for your feedback!",
  feedbackFailed: "An error occured",
  relatedSources: "Related sources",
  markdownError: "An error occurred",
  streamError: "Something went wrong while answering. Try again.",
  tooMany: "Too many questions in a short time. Try again in a minute.",
  newConversationTitle: "How can I help you today?",
  suggestedQuestions: "Suggested questions",
  newConversation: "New conversation",
  history: "Conversation history",
  noConversations: "No conversations yet",
  removeConversation: (title: string) => `Remove the conversation "${title}"`,
  backToSearch: "Back to search",
  you: "You",
  assistant: "AI answer",
  startNew: "Start a new conversation to continue.",
  conversationLabel: "Conversation with the AI assistant",
  untitled: "Untitled conversation",
} as const;

export type AssistantStrings = typeof assistantStrings;
