import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { MAX_PAGE, MAX_PAGE_SIZE } from './constants.ts';

/** The largest id a row can have (MySQL INT): larger ids in a URL are refused, not looked up. */
export const MAX_ID = 2_147_483_647;

/** A row id in a URL or a body. */
export const Id = (title?: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, ...(title ? { title } : {}) });

export const IdParams = Type.Object({ id: Id() });
export type IdParams = Static<typeof IdParams>;

/** Paging and search shared by every list call. `limit` is another name for `pageSize`. */
export const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, title: 'Page' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Page size' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Limit' })),
});
export type ListQuery = Static<typeof ListQuery>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

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

/** Non-blank text of bounded length, one line unless `multiline`. */
export const Text = (
  maxLength: number,
  errorMessage?: string,
  options: { multiline?: boolean; title?: string } = {},
) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '\\S',
    format: options.multiline ? 'multi-line' : 'single-line',
    ...(options.title ? { title: options.title } : {}),
    ...(errorMessage ? { errorMessage } : {}),
  });

/** Optional free text (may be empty), bounded, without control characters. */
export const FreeText = (maxLength: number, title?: string) =>
  Type.String({ maxLength, format: 'multi-line', ...(title ? { title } : {}) });

/**
 * Who acted, as the spec's clients send it (`created_by`, `updated_by_id`, `changed_by` …). Accepted so
 * that those bodies pass, and ignored: who acts always comes from the session (DESIGN §5).
 */
const Ignored = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]);
export const IDENTITY_FIELDS = {
  created_by: Type.Optional(Ignored),
  created_by_id: Type.Optional(Ignored),
  updated_by: Type.Optional(Ignored),
  updated_by_id: Type.Optional(Ignored),
  changed_by: Type.Optional(Ignored),
};

/** The names of the identity fields, which every write accepts and ignores. */
export const IDENTITY_FIELD_NAMES = Object.keys(IDENTITY_FIELDS) as (keyof typeof IDENTITY_FIELDS)[];

/** Read-only fields of a record a client may send back with an edit (ids, timestamps): ignored too. */
export const echoedFields = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, Type.Optional(Ignored)])) as Record<K, TOptional<typeof Ignored>>;

/** A value that may be absent, sent as null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
