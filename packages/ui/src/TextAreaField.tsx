import { NativeField } from './FieldParts.tsx';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: string | undefined;
  errorMessage?: string | undefined;
}

/**
 * A native text area with its label, hint and error: what TextField's `multiline` does, without react-aria's
 * text field, for pages that count every kilobyte they download (the client review page).
 */
export function TextAreaField({
  value,
  onChange,
  rows = 3,
  isRequired,
  isDisabled,
  ...frame
}: TextAreaFieldProps) {
  return (
    <NativeField isRequired={isRequired} {...frame}>
      {(control) => (
        <textarea
          {...control}
          className="input"
          rows={rows}
          value={value}
          required={isRequired}
          disabled={isDisabled}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </NativeField>
  );
}
