import {
  Autocomplete,
  Button,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Select,
  SelectValue,
  Tag,
  TagGroup,
  TagList,
  useFilter,
} from 'react-aria-components';
import { FieldLabel } from './FieldParts.tsx';

export interface Option<V extends string | number> {
  value: V;
  label: string;
}

export interface MultiSelectProps<V extends string | number> {
  label: string;
  options: readonly Option<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  errorMessage?: string | undefined;
  /** A search box above the options (long lists such as users). */
  searchable?: boolean;
}

/** Pick several options from a list; the choices show below as removable tags. */
export function MultiSelect<V extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select...',
  isRequired,
  isDisabled,
  errorMessage,
  searchable,
}: MultiSelectProps<V>) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const chosen = value
    .map((v) => options.find((o) => o.value === v))
    .filter((o): o is Option<V> => o !== undefined);
  const items = options.map((o) => ({ id: o.value, label: o.label }));
  const list = (
    <ListBox
      className="listbox"
      items={items}
      renderEmptyState={() => <div className="listbox-empty">No matches</div>}
    >
      {(item) => (
        <ListBoxItem id={item.id} textValue={item.label} className="listbox-item">
          {({ isSelected }) => (
            <>
              <span className="listbox-check" aria-hidden>
                {isSelected ? '✓' : ''}
              </span>
              {item.label}
            </>
          )}
        </ListBoxItem>
      )}
    </ListBox>
  );
  return (
    <div className={`field multi-select ${errorMessage ? 'field-invalid' : ''}`}>
      <Select
        selectionMode="multiple"
        value={[...value]}
        onChange={(keys) => onChange(keys as V[])}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={Boolean(errorMessage)}
        className="select"
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Button className="input select-trigger">
          <SelectValue className="select-value">
            {({ isPlaceholder }) =>
              isPlaceholder
                ? placeholder
                : `${value.length} selected: ${chosen.map((o) => o.label).join(', ')}`
            }
          </SelectValue>
          <span aria-hidden className="select-caret">
            ▾
          </span>
        </Button>
        <Popover className="popover select-popover">
          {searchable ? (
            <Autocomplete filter={contains}>
              <SearchField aria-label={`Search ${label}`} className="popover-search" autoFocus>
                <Input className="input" placeholder="Search..." />
              </SearchField>
              {list}
            </Autocomplete>
          ) : (
            list
          )}
        </Popover>
      </Select>
      {chosen.length > 0 ? (
        <TagGroup
          aria-label={`Selected ${label}`}
          className="tag-group"
          onRemove={(keys) => onChange(value.filter((v) => !keys.has(v)))}
        >
          <TagList className="tag-list" items={chosen.map((o) => ({ id: o.value, label: o.label }))}>
            {(item) => (
              <Tag id={item.id} textValue={item.label} className="tag">
                {item.label}
                {isDisabled ? null : (
                  <Button slot="remove" className="tag-remove" aria-label={`Remove ${item.label}`}>
                    ×
                  </Button>
                )}
              </Tag>
            )}
          </TagList>
        </TagGroup>
      ) : null}
      {errorMessage ? <div className="field-error">{errorMessage}</div> : null}
    </div>
  );
}
