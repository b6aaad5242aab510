/**
 * Characters no name, title or note may hold: control characters (NUL and the like) and the bidi
 * overrides that make text read differently from what it is. Tabs and line breaks are allowed only in
 * multi-line text. Checked through the string formats below, on the server and in the browser alike.
 */
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const BIDI_OVERRIDES = '\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE_MULTI_LINE = new RegExp(`[${CONTROL}${BIDI_OVERRIDES}]`, 'u');
const UNSAFE_SINGLE_LINE = new RegExp(`[\\t\\n\\r${CONTROL}${BIDI_OVERRIDES}]`, 'u');

/** String formats of our own: `single-line` (names, titles) and `multi-line` (descriptions, notes). */
export const TEXT_FORMATS: Record<'single-line' | 'multi-line', (value: string) => boolean> = {
  'single-line': (value) => !UNSAFE_SINGLE_LINE.test(value),
  'multi-line': (value) => !UNSAFE_MULTI_LINE.test(value),
};
export type TextFormat = keyof typeof TEXT_FORMATS;
