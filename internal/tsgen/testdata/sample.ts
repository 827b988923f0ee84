// header

/** Prefix starts every path. */
export const Prefix = "/_x/";

/** Full is built from another constant. */
export const Full = "/_x/all.json";

/** Count is a number. */
export const Count = 3;

/** Root is what the generator starts from. */
export interface Root extends Embedded {
  /** Name is required. */
  name: string;
  nick?: string;
  parent: Leaf | null;
  child?: Leaf;
  tags: string[];
  byKey: { [key: string]: Leaf[] };
  shapes: Shape[];
  kind: "a" | "b";
  odd: Pair;
  "data-weird": string;
  anything: unknown;
}

/** Embedded fields are marshalled inline. */
export interface Embedded {
  extra: boolean;
}

/** Leaf is reached through pointers and maps. */
export interface Leaf {
  n: number;
}

/** Shape is a union. */
export type Shape = Circle | Square;

/** Circle is a shape. */
export interface Circle {
  type: "circle";
}

/** Square is a shape. */
export interface Square {
  type: "square";
}

/** Pair marshals itself. */
export type Pair = [number, number];