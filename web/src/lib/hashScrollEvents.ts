// The events fired on window around a programmatic jump to a hash target (lib/scroll), so the navbar
// can hide (docs/behaviour.md, "the navbar is fixed"). Apart from lib/scroll so that the navbar's listener does not pull the scrolling
// code into the entry chunk: that code is loaded on the first click on a same-page link.

export const HASH_SCROLL_START = "tz:hashscrollstart";
export const HASH_SCROLL_END = "tz:hashscrollend";
