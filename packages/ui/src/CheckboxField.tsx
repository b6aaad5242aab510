import { useId } from 'react';
import { Checkbox } from 'react-aria-components';

export interface CheckboxFieldProps {
  label: string;
  /** What ticking it means, read with the box (a screen reader hears it after the label). */
  description?: string;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
}

/** One yes-or-no choice: a check box with its label (and what it means, under it). */
export function CheckboxField({ label, description, isSelected, onChange, isDisabled }: CheckboxFieldProps) {
  const descriptionId = useId();
  return (
    <div className="field checkbox-field">
      <Checkbox
        className="checkbox"
        isSelected={isSelected}
        onChange={onChange}
        isDisabled={isDisabled}
        aria-describedby={description ? descriptionId : undefined}
      >
        <span className="checkbox-box" aria-hidden>
          {isSelected ? '✓' : ''}
        </span>
        {label}
      </Checkbox>
      {description ? (
        <p id={descriptionId} className="field-hint checkbox-hint">
          {description}
        </p>
      ) : null}
    </div>
  );
}
