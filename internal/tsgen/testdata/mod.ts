// header

import type { Source } from "./shared";

/** Version is declared because a Source names it. */
export const Version = 2;

/** Report is the root. */
export interface Report extends Total {
  at: string;
  changed?: string;
  rows: Row[];
  raw?: unknown;
  source: Source | null;
}

/** Total is embedded from this package and embeds a type of another. */
export interface Total extends Count {
  share: number | null;
}

/** Row is one row. */
export interface Row {
  day: string;
  count: Count;
}

/** Count is a number of things. */
export interface Count {
  n: number;
}