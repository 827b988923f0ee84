import type { SidebarItem } from "../../lib/contract";
import { DocSidebarCategory } from "./Category";
import { DocSidebarHtml } from "./Html";
import { DocSidebarLink } from "./Link";

export interface DocSidebarItemProps {
  item: SidebarItem;
  route: string;
  level: number;
}

export function DocSidebarItem({ item, route, level }: DocSidebarItemProps) {
  switch (item.type) {
    case "link":
      return <DocSidebarLink item={item} route={route} level={level} />;
    case "category":
      return <DocSidebarCategory item={item} route={route} level={level} />;
    case "html":
      return <DocSidebarHtml item={item} />;
  }
}
