import { toDateOnly, toIsoString } from './dates.ts';

/*
 * What the two drivers hand back for a column, named once, and the one place each is turned into the value
 * the contracts name. A module's `model.ts` declares an interface per table (`JobRow`, `SkillRow` …) and per
 * joined query it runs, in these column types, and one decoder per shape it answers (`toJob(row: JobListRow)`).
 * Services read typed rows (`db<SkillRow>('skills')`, or a query's result assigned to its declared row type)
 * and hand them to the decoder; they never coerce a column themselves.
 *
 * Why the types are unions: MySQL hands back BIGINT ids of joins and every COUNT/SUM as strings, DECIMAL as
 * strings, TINYINT booleans as 0/1 and DATETIME as Date; SQLite hands back numbers, 0/1, and text or epoch
 * milliseconds for times.
 */

/** An id, a count or a sum of whole numbers. */
export type DbInt = number | string;
/** A DECIMAL column (money in rupees with paise, years of experience …). */
export type DbDecimal = number | string;
/** A boolean column (TINYINT on MySQL, an integer on SQLite). */
export type DbBool = boolean | number;
/** A DATETIME / TIMESTAMP column. */
export type DbTime = Date | string | number;
/** A DATE column ('YYYY-MM-DD'). */
export type DbDay = Date | string;

/** A whole number or an id. */
export const int = (value: DbInt): number => Number(value);

/** A nullable id or whole number. */
export const intOrNull = (value: DbInt | null | undefined): number | null =>
  value == null ? null : Number(value);

/** A decimal as a number (the API answers numbers; the columns are exact, the values are small). */
export const decimal = (value: DbDecimal): number => Number(value);

/** A nullable decimal. */
export const decimalOrNull = (value: DbDecimal | null | undefined): number | null =>
  value == null || value === '' ? null : Number(value);

/** A count or a sum of an aggregate, which is NULL over no rows. */
export const total = (value: DbInt | DbDecimal | null | undefined): number => Number(value ?? 0);

/** A boolean column. */
export const flag = (value: DbBool | null | undefined): boolean => value === true || Number(value) === 1;

/** A nullable text column as text, an absent value as ''. */
export const text = (value: string | null | undefined): string => value ?? '';

/** A timestamp as ISO 8601 text, as every answer writes times. */
export const isoTime = (value: DbTime): string => toIsoString(value);

/** A nullable timestamp as ISO 8601 text. */
export const isoTimeOrNull = (value: DbTime | null | undefined): string | null =>
  value == null ? null : toIsoString(value);

/** A DATE column as 'YYYY-MM-DD', or null. */
export const day = (value: DbDay | null | undefined): string | null => toDateOnly(value);

/** The columns every authored table has (`created_by_id`, `updated_by_id`) with the names its queries join. */
export interface AuthoredColumns {
  created_by_id: DbInt | null;
  updated_by_id: DbInt | null;
  created_by?: string | null;
  updated_by?: string | null;
  created_at: DbTime;
  updated_at: DbTime;
}

/** Who created and last changed a row: the ids it holds and the names joined beside them. */
export const authorshipOf = (row: AuthoredColumns) => ({
  created_by: row.created_by ?? null,
  created_by_id: intOrNull(row.created_by_id),
  updated_by: row.updated_by ?? null,
  updated_by_id: intOrNull(row.updated_by_id),
});

/** A JSON list column (kept as text on SQLite, JSON on MySQL) as strings; unreadable text reads as no items. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}
