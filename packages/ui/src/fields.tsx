import type { ReactNode } from 'react';
import {
  FieldError,
  Group,
  Input,
  Label,
  SearchField as AriaSearchField,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  description?: string;
  /** A message from the server or the form's own check, shown under the field. */
  errorMessage?: string | undefined;
  multiline?: boolean;
  placeholder?: string;
  rows?: number;
  /** Something inside the input's right edge, e.g. a Show/Hide button. */
  addon?: ReactNode;
}

/** A field's label text with the red star of a required field. */
export function LabelText({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <>
      {label}
      {isRequired ? (
        <span className="required-star" aria-hidden>
          {' '}
          *
        </span>
      ) : null}
    </>
  );
}

export function TextField({
  label,
  description,
  errorMessage,
  multiline,
  placeholder,
  rows,
  addon,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className="field">
      <Label className="field-label">
        <LabelText label={label} isRequired={props.isRequired} />
      </Label>
      {multiline ? (
        <AriaTextArea className="input" placeholder={placeholder} rows={rows ?? 3} />
      ) : addon ? (
        <Group className="input-group">
          <Input className="input" placeholder={placeholder} />
          {addon}
        </Group>
      ) : (
        <Input className="input" placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <AriaSearchField value={value} onChange={onChange} aria-label={label} className="search-field">
      <Input className="input" placeholder={placeholder ?? label} />
    </AriaSearchField>
  );
}
