// @theme/Layout for site pages (src/pages/*.js): the page is already inside tzdocs's own layout
// (navbar, footer), so this renders only its children. title and description are the page's
// data, read by the build from the source.
import type { ReactNode } from "react";

export interface LayoutProps {
  children?: ReactNode;
  title?: string;
  description?: string;
  noFooter?: boolean;
  wrapperClassName?: string;
}

export default function Layout({ children, wrapperClassName }: LayoutProps) {
  return <div className={wrapperClassName ? `tz-site-page ${wrapperClassName}` : "tz-site-page"}>{children}</div>;
}
