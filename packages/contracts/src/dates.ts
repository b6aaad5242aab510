/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date ('YYYY-MM-DD') in a time zone: the server and the browser agree on "today" in APP_TIME_ZONE. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
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
  return format.format(now);
}
