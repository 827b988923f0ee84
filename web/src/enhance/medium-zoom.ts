// The lazily loaded zoom chunk (see zoom.ts): medium-zoom without its injected <style>, which the
// pages' content security policy refuses, and its stylesheet as a file instead.
import "medium-zoom/dist/style.css";

export { default } from "medium-zoom/dist/pure";
