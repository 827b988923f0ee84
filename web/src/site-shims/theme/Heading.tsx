// @theme/Heading for site components: a heading element with its id, as Docusaurus's.
import type { HTMLAttributes, ReactNode } from "react";

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  children?: ReactNode;
}

export default function Heading({ as: As, ...rest }: HeadingProps) {
  return <As {...rest} />;
}
