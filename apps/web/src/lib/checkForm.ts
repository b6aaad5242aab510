import { fieldErrors } from '@portal/contracts';

type Schema = Parameters<typeof fieldErrors>[0];

/** Nothing entered. Spaces are something: the schema says what is wrong with them ("only spaces"). */
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A form's check, one message per field, the first found: the fields the form requires (each with its
 * message from the contracts), then the contract schema the server's route checks, in the server's
 * words, then the rules the server applies past the schema (an amount above the balance), given per
 * field. Empty when the form may be sent.
 */
export function checkForm<F extends string>(
  schema: Schema,
  body: Partial<Record<F, unknown>>,
  {
    required = {},
    rules = {},
  }: {
    required?: Partial<Record<F, string>>;
    rules?: Partial<Record<F, string | null | undefined>>;
  } = {},
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  const add = (field: F, message: string | null | undefined) => {
    if (message && !errors[field]) errors[field] = message;
  };
  for (const [field, message] of Object.entries(required) as [F, string][]) {
    if (isBlank(body[field])) add(field, message);
  }
  for (const [field, message] of Object.entries(fieldErrors(schema, body))) {
    if (field in body) add(field as F, message);
  }
  for (const [field, message] of Object.entries(rules) as [F, string | null | undefined][]) {
    add(field, message);
  }
  return errors;
}
