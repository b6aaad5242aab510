/** Databases hand timestamps back as Date (MySQL), epoch milliseconds or 'YYYY-MM-DD HH:MM:SS' text (SQLite). */
export function toIsoString(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') {
    const utc = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
    const date = new Date(utc);
    return Number.isNaN(date.getTime()) ? value : date.toISOString();
  }
  return new Date(0).toISOString();
}

/** A DATE column as 'YYYY-MM-DD': MySQL hands back a Date at UTC midnight, SQLite the text it was given. */
export function toDateOnly(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** A timestamp column as a Date (see toIsoString for the forms the drivers hand back). */
export const toDate = (value: unknown): Date => new Date(toIsoString(value));

/**
 * India keeps one offset all year: a calendar day of the firm's time zone (APP_TIME_ZONE) starts at this
 * UTC offset. Every From/To a person picks is a day there, whatever the server's clock says.
 */
const APP_UTC_OFFSET = '+05:30';
const DAY_MS = 86_400_000;

/** The first instant of a calendar day ('YYYY-MM-DD') in the firm's time zone. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00${APP_UTC_OFFSET}`);

/** The first instant after a calendar day in the firm's time zone: a day's range is [startOfDay, endOfDay). */
export const endOfDay = (day: string) => new Date(startOfDay(day).getTime() + DAY_MS);

/** How far the firm's clocks run ahead of UTC, in milliseconds. */
const APP_OFFSET_MS = -startOfDay('1970-01-01').getTime();

/** The calendar day ('YYYY-MM-DD') an instant falls on in the firm's time zone. */
export const firmDayOf = (at: Date) => new Date(at.getTime() + APP_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Now, to the whole second: what a DATETIME column keeps on MySQL (MariaDB drops the milliseconds, MySQL
 * rounds them), so that an answer made of the written values says what a later read of the row will.
 */
export const nowToTheSecond = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);
