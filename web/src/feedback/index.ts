// What the app imports for feedback. FeedbackForm itself lives in ./FeedbackForm and is loaded
// on demand by mountFeedbackForms, so it costs nothing on ordinary doc pages.
export { FeedbackWidget } from "./FeedbackWidget";
export { mountFeedbackForms } from "./mount";
