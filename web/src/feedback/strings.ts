// Every user-visible string of the feedback widget and form, in one typed place. Defaults are the
// spec's texts; category ids are the ones `go doc ./internal/feedback Categories` lists (stored in the
// database, so never rename one).

export const MAX_COMMENT_CHARS = 5000;

export type CategoryId = "content-error" | "missing-topic" | "site-problem" | "other";

export const feedbackStrings = {
  widget: {
    label: "Page feedback",
    question: "Was this page helpful?",
    yes: "Yes",
    no: "No",
    commentLabel: "Comment (optional)",
    commentPlaceholder: "Comments on specific points and/or aspects (out of date, wrong, incomplete, ...)",
    submit: "Submit",
    sending: "Sending…",
    voted: "Vote recorded. You can add a comment below.",
    thanks: "Thanks for your feedback!",
  },
  form: {
    label: "Feedback form",
    url: "Page URL (optional)",
    urlHint: "The address of the page concerned, or a path such as /overview/glossary.",
    category: "Category",
    categoryPlaceholder: "Choose a category",
    categories: [
      { id: "content-error", label: "Content error" },
      { id: "missing-topic", label: "Missing topic" },
      { id: "site-problem", label: "Site problem" },
      { id: "other", label: "Other" },
    ] satisfies ReadonlyArray<{ id: CategoryId; label: string }>,
    comment: "Comment",
    counter: (n: number) => `${n.toLocaleString("en-US")} / ${MAX_COMMENT_CHARS.toLocaleString("en-US")} characters`,
    email: "Email (optional)",
    emailHint: "Only if you want a reply.",
    submit: "Send feedback",
    sending: "Sending…",
    success: "Thanks for your feedback! The documentation team will read it.",
    again: "Send more feedback",
    fixErrors: "Please correct the field marked below.",
  },
  honeypot: "Leave this field empty",
  errors: {
    generic: "Your feedback could not be sent. Please try again.",
    network: "Your feedback could not be sent: the network is unavailable. Please try again.",
    tooLarge: "Your feedback is too long. Please shorten the comment and try again.",
    rateLimited: "Too much feedback at once; please try again in a minute.",
    commentRequired: "Please write a comment.",
    commentTooLong: (n: number) =>
      `The comment is ${n.toLocaleString("en-US")} characters long; the limit is ${MAX_COMMENT_CHARS.toLocaleString("en-US")}.`,
    categoryRequired: "Please choose a category.",
    otherHost: (host: string) => `This address is on ${host}, not on this site. Enter the address of a page of this site.`,
    badUrl: "Enter the address of a page of this site, such as /overview/glossary.",
  },
} as const;
