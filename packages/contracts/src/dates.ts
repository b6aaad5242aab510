/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The last day read per time zone, and the minute (since 1970) it was read for. */
const todayByZone = new Map<string, { minute: number; day: string }>();

/** Today's date ('YYYY-MM-DD') in a time zone: the server and the browser agree on "today" in APP_TIME_ZONE. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Every time zone in use changes day on a whole minute, so a day read once holds for its minute: a
  // busy server asks many times a second, and formatting in a time zone costs more than the rest of a
  // small request's date handling.
  const minute = Math.floor(now.getTime() / 60_000);
  const known = todayByZone.get(timeZone);
  if (known?.minute === minute) return known.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const day = format.format(now);
  todayByZone.set(timeZone, { minute, day });
  return day;
}
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `text` is a day that exists, written YYYY-MM-DD ("2026-02-30" and "2026-13-45" are not). Worked
 * out from the digits, never through `Date`: an impossible day must be a plain "no", not a thrown
 * RangeError, and `Date` reads years below 100 as 19xx. Years start at 1000, where the databases' DATE does.
 */
export function isCalendarDate(text: string): boolean {
  const parts = CALENDAR_DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= daysInMonth;
}

/** The `date` string format, checked by the same rule on the server (ajv) and in the browser (TypeBox). */
export const DATE_FORMATS: Record<'date', (value: string) => boolean> = { date: isCalendarDate };
