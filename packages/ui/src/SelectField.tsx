import { useId } from 'react';
import { LabelText } from './fields.tsx';

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  isRequired?: boolean;
  hideLabel?: boolean;
  /** A message from the form's own check, shown under the field. */
  errorMessage?: string | undefined;
  description?: string;
  isDisabled?: boolean;
}

/** A native select: right on phones, keyboard and screen readers without extra work. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  isRequired,
  hideLabel,
  errorMessage,
  description,
  isDisabled,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className="field" data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        <LabelText label={label} isRequired={isRequired} />
      </label>
      <select
        id={id}
        className="input"
        value={value}
        required={isRequired}
        disabled={isDisabled}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage || description ? `${id}-note` : undefined}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorMessage || description ? (
        <span id={`${id}-note`} className={errorMessage ? 'field-error' : 'field-hint'}>
          {errorMessage ?? description}
        </span>
      ) : null}
    </div>
  );
}
