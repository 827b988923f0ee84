// @theme/Tabs for site components: the Markdown's tabs (same classes and roles), with the state in
// React. Each child is a <TabItem value label default>.
import { Children, isValidElement, useId, useState, type ReactElement, type ReactNode } from "react";
import type { TabItemProps } from "./TabItem";

export interface TabsProps {
  children?: ReactNode;
  defaultValue?: string;
  values?: { value: string; label?: string }[];
  groupId?: string;
  className?: string;
}

export default function Tabs({ children, defaultValue, values, groupId, className }: TabsProps) {
  const items = Children.toArray(children).filter(isValidElement) as ReactElement<TabItemProps>[];
  const tabs = items.map((item) => {
    const label = values?.find((v) => v.value === item.props.value)?.label ?? item.props.label ?? item.props.value;
    return { value: item.props.value, label, item };
  });
  const first = defaultValue ?? tabs.find((t) => t.item.props.default)?.value ?? tabs[0]?.value;
  const [selected, setSelected] = useState(first);
  const id = useId();
  return (
    <div className={className ? `tz-tabs ${className}` : "tz-tabs"} data-group-id={groupId}>
      <div className="tz-tabs__list" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            className="tz-tabs__tab"
            role="tab"
            id={`${id}-${t.value}-tab`}
            aria-controls={`${id}-${t.value}`}
            aria-selected={t.value === selected}
            tabIndex={t.value === selected ? 0 : -1}
            data-value={t.value}
            onClick={() => setSelected(t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.value}
          className="tz-tabs__panel"
          role="tabpanel"
          id={`${id}-${t.value}`}
          aria-labelledby={`${id}-${t.value}-tab`}
          data-value={t.value}
          hidden={t.value !== selected}
        >
          {t.item.props.children}
        </div>
      ))}
    </div>
  );
}
