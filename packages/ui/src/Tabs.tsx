import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export interface TabItem {
  id: string;
  label: string;
  /** Shown beside the label, e.g. how many jobs the tab holds. */
  count?: number | undefined;
}

export interface TabsProps {
  /** What the tabs choose between, for screen readers. */
  label: string;
  items: readonly TabItem[];
  selectedId: string;
  onSelectionChange: (id: string) => void;
  /** The content of the selected tab. */
  children: ReactNode;
}

/** Tabs with optional counts; only the selected tab's content is rendered. */
export function Tabs({ label, items, selectedId, onSelectionChange, children }: TabsProps) {
  return (
    <AriaTabs
      selectedKey={selectedId}
      onSelectionChange={(key) => onSelectionChange(String(key))}
      className="tabs"
    >
      <TabList aria-label={label} className="tab-list">
        {items.map((t) => (
          <Tab key={t.id} id={t.id} className="tab">
            {t.label}
            {t.count !== undefined ? <span className="tab-count"> {t.count}</span> : null}
          </Tab>
        ))}
      </TabList>
      {items.map((t) => (
        <TabPanel key={t.id} id={t.id} className="tab-panel">
          {children}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
