// Every user-visible string of search, in one typed place. Defaults are the texts docs/behaviour.md gives
// for. Split by part so the navbar button (static bundle) carries only its own few strings.

/** The navbar button (button label 'Search', box text depending on the chatbot). */
export const buttonStrings = {
  label: "Search",
  boxTextChatbot: "Search all docs/Ask AI",
  boxTextSearch: (host: string) => `Search ${host}`,
  /** Keyboard hint shown next to the box text; the modifier is ⌘ on Apple platforms. */
  ctrlKey: "Ctrl",
  metaKey: "⌘",
  key: "K",
} as const;

/** The dialog: start, results, no-results and error screens. */
export const dialogStrings = {
  dialogLabel: "Search",
  placeholder: "Search docs",
  inputLabel: "Search docs",
  resultsLabel: "Search results",
  clearQuery: "Clear the query",
  cancel: "Cancel",
  loading: "Loading results",
  // Start screen
  recent: "Recent",
  favorite: "Favorite",
  recentConversations: "Recent conversations",
  noRecentSearches: "No recent searches",
  saveSearch: "Save this search",
  removeRecent: "Remove this search from history",
  removeFavorite: "Remove this search from favorites",
  removeConversation: "Remove this conversation from history",
  // Ask AI mode
  askAiTitle: "Ask AI",
  backToSearch: "Back to search",
  toLeaveAi: "to go back",
  // Results
  askAi: "Ask AI:",
  otherSection: "Other",
  seeAll: (count: number) => `See all ${count.toLocaleString("en")} results`,
  // No results
  noResultsTitle: "No results found for",
  trySearchingFor: "Try searching for",
  missingResults: "Believe this query should return results?",
  letUsKnow: "Let us know.",
  // Error
  errorTitle: "Unable to fetch results",
  errorHelp: "You might want to check your network connection.",
  // Footer keyboard hints
  toSelect: "to select",
  toNavigate: "to navigate",
  toClose: "to close",
} as const;

/** The search page at site.search.searchPagePath. */
export const pageStrings = {
  title: "Search the documentation",
  inputLabel: dialogStrings.inputLabel,
  placeholder: dialogStrings.placeholder,
  resultsFor: (count: number, query: string) => `${count.toLocaleString("en")} ${count === 1 ? "result" : "results"} for "${query}"`,
  noResultsTitle: dialogStrings.noResultsTitle,
  errorTitle: dialogStrings.errorTitle,
  errorHelp: dialogStrings.errorHelp,
  loading: dialogStrings.loading,
  pagination: "Search results pages",
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
