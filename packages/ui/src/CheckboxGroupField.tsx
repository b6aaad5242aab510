import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import type { Option } from './MultiSelect.tsx';

export interface CheckboxGroupFieldProps<V extends string> {
  label: string;
  options: readonly Option<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
}

/** Several choices shown at once as checkboxes. */
export function CheckboxGroupField<V extends string>({
  label,
  options,
  value,
  onChange,
}: CheckboxGroupFieldProps<V>) {
  return (
    <CheckboxGroup
      className="field checkbox-group"
      value={[...value]}
      onChange={(values) => onChange(values as V[])}
    >
      <Label className="field-label">{label}</Label>
      <div className="checkbox-options">
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} className="checkbox">
            {({ isSelected }) => (
              <>
                <span className="checkbox-box" aria-hidden>
                  {isSelected ? '✓' : ''}
                </span>
                {o.label}
              </>
            )}
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  );
}
