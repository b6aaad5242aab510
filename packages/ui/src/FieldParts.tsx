import { useId, type ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';

/** " *" after a required field's label (the control itself tells screen readers it is required). */
export function RequiredStar({ show }: { show?: boolean | undefined }) {
  return show ? (
    <span className="required-star" aria-hidden>
      {' '}
      *
    </span>
  ) : null;
}

/** The label of a react-aria field, starred when required. */
export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Label className="field-label">
      {label}
      <RequiredStar show={isRequired} />
    </Label>
  );
}

/** The hint and the error under a react-aria field. */
export function FieldMessages({
  description,
  errorMessage,
}: {
  description?: string | undefined;
  errorMessage?: string | undefined;
}) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </>
  );
}

export interface NativeFieldProps {
  label: string;
  isRequired?: boolean | undefined;
  hideLabel?: boolean | undefined;
  description?: string | undefined;
  errorMessage?: string | undefined;
  /** The native control, given the attributes that tie it to its label, hint and error. */
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  }) => ReactNode;
}

/** Label, native control, hint and error: the frame of the fields built on native inputs. */
export function NativeField({
  label,
  isRequired,
  hideLabel,
  description,
  errorMessage,
  children,
}: NativeFieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-hint` : '', errorMessage ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field" data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
        <RequiredStar show={isRequired} />
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': errorMessage ? true : undefined,
      })}
      {description ? (
        <span id={`${id}-hint`} className="field-hint">
          {description}
        </span>
      ) : null}
      {errorMessage ? (
        <span id={`${id}-error`} className="field-error">
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
