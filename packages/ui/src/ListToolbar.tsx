import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { SearchField } from './fields.tsx';
import { SelectField, type SelectFieldProps } from './SelectField.tsx';

export interface ListToolbarProps {
  searchLabel: string;
  searchPlaceholder: string;
  /** The search box's text and its setter (a list screen's debounced search). */
  searchBox: { value: string; onChange: (value: string) => void };
  /** What narrows the list beside the search: selects, a filters button, list actions. */
  children?: ReactNode;
}

/** The row above a list: its search box, then the controls that narrow or act on the list. */
export function ListToolbar({ searchLabel, searchPlaceholder, searchBox, children }: ListToolbarProps) {
  return (
    <div className="toolbar">
      <SearchField label={searchLabel} placeholder={searchPlaceholder} {...searchBox} />
      {children}
    </div>
  );
}

/** A select in a list's toolbar. Its label is read out but not shown: the chosen option says what it is. */
export function ToolbarSelect<V extends string>(props: Omit<SelectFieldProps<V>, 'hideLabel'>) {
  return (
    <div className="toolbar-select">
      <SelectField {...props} hideLabel />
    </div>
  );
}

/** Opens a list's filter panel; its label counts the filters already applied. */
export function FiltersButton({ count, onPress }: { count: number; onPress: () => void }) {
  return (
    <Button variant="secondary" onPress={onPress}>
      {count > 0 ? `Filters (${count})` : 'Filters'}
    </Button>
  );
}
