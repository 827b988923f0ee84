// @docusaurus/Link for site components: a plain <a>. Site-absolute paths get the baseUrl; the
// app's navigator follows such links without a reload, as it does every link of a page.
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { withBase } from "./context";

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  href?: string;
  children?: ReactNode;
  /** Docusaurus props without meaning here, accepted so components written for it compile. */
  isNavLink?: boolean;
  activeClassName?: string;
  autoAddBaseUrl?: boolean;
}

export default function Link({ to, href, isNavLink: _n, activeClassName: _a, autoAddBaseUrl = true, ...rest }: LinkProps) {
  const target = to ?? href ?? "#";
  const external = /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");
  const url = autoAddBaseUrl ? withBase(target) : target;
  return <a {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest} href={url} />;
}
