import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { MAX_ID, MAX_PAGE, MAX_PAGE_SIZE } from './constants.ts';

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
 * Characters that show nothing: the soft hyphen, zero-width spaces and joiners, bidi marks, the word
 * joiner and invisible operators, fillers and the byte-order mark. Text made only of these and spaces is
 * blank: a name of zero-width spaces is no name.
 */
const INVISIBLE =
  '\\u00AD\\u061C\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0';

/** The `pattern` of required text: at least one character that shows (not a space, not invisible). */
export const VISIBLE_TEXT_PATTERN = `[^\\s${INVISIBLE}]`;
const VISIBLE = new RegExp(VISIBLE_TEXT_PATTERN, 'u');

/** Is this text empty as a reader sees it: nothing, spaces, or only invisible characters? */
export const isBlank = (text: string | null | undefined): boolean => !text || !VISIBLE.test(text);

/** Non-blank text of bounded length, one line unless `multiline`. */
export const Text = (
  maxLength: number,
  errorMessage?: string,
  options: { multiline?: boolean; title?: string } = {},
) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: VISIBLE_TEXT_PATTERN,
    format: options.multiline ? 'multi-line' : 'single-line',
    ...(options.title ? { title: options.title } : {}),
    ...(errorMessage ? { errorMessage } : {}),
  });

/** Optional free text (may be empty), bounded, without control characters. */
export const FreeText = (maxLength: number, title?: string) =>
  Type.String({ maxLength, format: 'multi-line', ...(title ? { title } : {}) });

/**
 * Who acted, as the spec's clients send it (`created_by`, `updated_by_id`, `changed_by` …). Accepted so
 * that those bodies pass, and ignored: who acts always comes from the session.
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
