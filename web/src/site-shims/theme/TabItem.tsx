// @theme/TabItem for site components: one tab of a <Tabs>, which renders it.
import type { ReactNode } from "react";

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
  className?: string;
}

export default function TabItem({ children, className }: TabItemProps) {
  return <div className={className}>{children}</div>;
}
