import { Type } from 'typebox';

/**
 * A number as a form sends it, as text (blank: not given). The patterns let a minus sign through so that
 * "-2" is refused by the `non-negative` format in words that say what is wrong ("Experience cannot be
 * negative") rather than by the pattern as "not a number".
 */
const SIGNED_NUMBER_TEXT = '^\\s*(-?\\d+(\\.\\d+)?)?\\s*$';
const SIGNED_WHOLE_NUMBER_TEXT = '^\\s*(-?\\d+)?\\s*$';

/** Number formats of our own, checked on the server (ajv) and in the browser (TypeBox) alike. */
export const NUMBER_TEXT_FORMATS: Record<'non-negative', (value: string) => boolean> = {
  'non-negative': (value) => !/^\s*-/.test(value),
};

/** The text of a number that may not be negative, with what to say when it is not a number and when it is below 0. */
export function NonNegativeNumberText(options: {
  title: string;
  maxLength: number;
  whole?: boolean;
  notANumber: string;
  negative: string;
}) {
  return Type.String({
    title: options.title,
    maxLength: options.maxLength,
    pattern: options.whole ? SIGNED_WHOLE_NUMBER_TEXT : SIGNED_NUMBER_TEXT,
    format: 'non-negative',
    errorMessage: { pattern: options.notANumber, format: options.negative },
  });
}
