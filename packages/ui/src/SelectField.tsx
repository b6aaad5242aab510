import { useId } from 'react';

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  isRequired?: boolean;
  hideLabel?: boolean;
}

/** A native select: right on phones, keyboard and screen readers without extra work. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  isRequired,
  hideLabel,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
        {isRequired ? (
          <span className="required-star" aria-hidden>
            {' '}
            *
          </span>
        ) : null}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        required={isRequired}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
