import {
  FieldError,
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
}

export function TextField({
  label,
  description,
  errorMessage,
  multiline,
  placeholder,
  rows,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className="field">
      <Label className="field-label">
        {label}
        {props.isRequired ? (
          <span className="required-star" aria-hidden>
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {multiline ? (
        <AriaTextArea className="input" placeholder={placeholder} rows={rows ?? 3} />
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
