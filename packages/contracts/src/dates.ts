/** Today's date ('YYYY-MM-DD') in a time zone: the server and the browser agree on "today" in APP_TIME_ZONE. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
