import { NativeField } from './FieldParts.tsx';

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  isRequired?: boolean;
  hideLabel?: boolean;
  isDisabled?: boolean;
  /** A first, empty choice (value "") shown until something is chosen. */
  placeholder?: string;
  errorMessage?: string | undefined;
  /** Shown under the field (e.g. why it is disabled). */
  description?: string | undefined;
}

/** A native select: right on phones, keyboard and screen readers without extra work. */
export function SelectField<V extends string>({
  value,
  options,
  onChange,
  isRequired,
  isDisabled,
  placeholder,
  ...frame
}: SelectFieldProps<V>) {
  return (
    <NativeField isRequired={isRequired} {...frame}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          required={isRequired}
          disabled={isDisabled}
          onChange={(e) => onChange(e.target.value as V)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </NativeField>
  );
}
