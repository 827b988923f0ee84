import type { ReactNode } from "react";
import { ExternalLinkMark } from "../ExternalLinkMark";

export interface LinkProps {
  href: string;
  external: boolean;
  className?: string | undefined;
  children: ReactNode;
  "aria-current"?: "page" | undefined;
}

/** A link that opens external targets in a new tab without referrer and says so to screen readers.
 *  Internal links are plain anchors: the navigator intercepts their clicks. */
export function Link({ href, external, className, children, ...rest }: LinkProps) {
  if (external) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}{" "}
        <ExternalLinkMark />
      </a>
    );
  }
  return (
    <a href={href} className={className} {...rest}>
      {children}
    </a>
  );
}
