import type { ReactNode } from 'react';
import {
  Group,
  Input,
  SearchField as AriaSearchField,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldLabel, FieldMessages, NativeField } from './FieldParts.tsx';

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
  /** For type="number": the lowest value and the step of the spin buttons. */
  min?: number;
  step?: number;
}

export function TextField({
  label,
  description,
  errorMessage,
  multiline,
  placeholder,
  rows,
  addon,
  min,
  step,
  ...props
}: TextFieldProps) {
  return (
    // The form's own check says what is wrong, in the requirements' words ("Name is required"), however the form
    // is submitted: never the browser's "Please fill out this field".
    <AriaTextField
      validationBehavior="aria"
      {...props}
      isInvalid={Boolean(errorMessage) || props.isInvalid}
      className="field"
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      {multiline ? (
        <AriaTextArea className="input" placeholder={placeholder} rows={rows ?? 3} />
      ) : addon ? (
        <Group className="input-group">
          <Input className="input" placeholder={placeholder} min={min} step={step} />
          {addon}
        </Group>
      ) : (
        <Input className="input" placeholder={placeholder} min={min} step={step} />
      )}
      <FieldMessages description={description} errorMessage={errorMessage} />
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

export interface DateInputFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest date that may be chosen ('YYYY-MM-DD'). */
  min?: string | undefined;
  isRequired?: boolean;
  errorMessage?: string | undefined;
  description?: string | undefined;
}

/** A date picked with the browser's own date input (a calendar on phones). */
export function DateInputField({ value, onChange, min, isRequired, ...frame }: DateInputFieldProps) {
  return (
    <NativeField isRequired={isRequired} {...frame}>
      {(control) => (
        <input
          {...control}
          type="date"
          className="input"
          value={value}
          min={min}
          required={isRequired}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </NativeField>
  );
}

export interface TimeInputFieldProps {
  label: string;
  /** 'HH:mm' (24 hours), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  errorMessage?: string | undefined;
  description?: string | undefined;
}

/** A time of day with the browser's own time input (a clock picker on phones). */
export function TimeInputField({ value, onChange, isRequired, ...frame }: TimeInputFieldProps) {
  return (
    <NativeField isRequired={isRequired} {...frame}>
      {(control) => (
        <input
          {...control}
          type="time"
          className="input"
          value={value}
          required={isRequired}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </NativeField>
  );
}

export interface NumberFieldProps extends Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'multiline' | 'rows' | 'addon'
> {
  /** Tenths allowed (experience in years, pay in lakhs): a decimal keypad and steps of 0.1. */
  decimals?: boolean;
}

/**
 * A number typed as text (the form keeps what was typed, so its own check can say what is wrong): the
 * browser's number input, with the phone keypad that fits whole numbers or decimals.
 */
export function NumberField({ decimals, step, ...props }: NumberFieldProps) {
  return (
    <TextField
      type="number"
      inputMode={decimals ? 'decimal' : 'numeric'}
      step={step ?? (decimals ? 0.1 : undefined)}
      {...props}
    />
  );
}
