import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { ID_PATTERN, ID_TEXT_KEYWORD, MAX_ID, MAX_PAGE, MAX_PAGE_SIZE } from './constants.ts';

/** A row id in a JSON body: a number (bodies are never coerced, so "0x1" there is a 400 already). */
export const Id = (title?: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, ...(title ? { title } : {}) });

/** What a wrongly written id answers ("Id must be …"). */
export const idTextMessage = (title: string) =>
  `${title} must be a whole number from 1 to ${MAX_ID}, written in digits only (like 42)`;

/**
 * A row id in a URL's path or query (or a body field that may send it as text): text that `ID_PATTERN`
 * accepts, which the route receives as its number. `title` names it in messages; `required`, what blank
 * text answers (a form's own words, "Please select a job position").
 */
export const IdText = (title = 'Id', required = `${title} is required`) => {
  const wrong = idTextMessage(title);
  return Type.Unsafe<number>(
    Type.String({
      minLength: 1,
      pattern: ID_PATTERN,
      title,
      [ID_TEXT_KEYWORD]: true,
      errorMessage: { type: wrong, minLength: required, pattern: wrong, maximum: wrong },
    }),
  );
};

/**
 * A row id in a body, as a number or as text (a form sends a select's value as text). Typed as what a
 * client may send; the server's validator hands the route the number, and `parseId` reads it where a body
 * is checked otherwise (a bulk import's rows). `required` is said for a missing or blank one.
 */
export const IdOrText = (title: string, required?: string) =>
  Type.Unsafe<number | string>(
    Type.Union([Id(title), IdText(title, required)], {
      title,
      ...(required ? { errorMessage: required } : {}),
    }),
  );

export const IdParams = Type.Object({ id: IdText() });
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
 * Who acted, as the requirements' clients send it (`created_by`, `updated_by_id`, `changed_by` …). Accepted so
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
