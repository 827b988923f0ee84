// @docusaurus/Translate for site components: the site is built in one language, so a message is
// shown as written, with its {placeholders} filled in.
import type { ReactNode } from "react";

type Values = Record<string, ReactNode>;

function fill(message: string, values?: Values): string {
  return message.replace(/\{(\w+)\}/g, (m, k: string) => (values && k in values ? String(values[k]) : m));
}

export function translate({ message }: { message: string; id?: string; description?: string }, values?: Values): string {
  return fill(message, values);
}

export default function Translate({ children, values }: { children?: string; id?: string; description?: string; values?: Values }) {
  return <>{fill(children ?? "", values)}</>;
}
