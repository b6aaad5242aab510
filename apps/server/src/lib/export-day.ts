import { APP_TIME_ZONE, todayIn } from '@portal/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Time zones are whole quarter hours from UTC: a quarter hour never spans two days anywhere. */
const QUARTER_HOUR = 900_000;
const daysByQuarter = new Map<number, string>();

/**
 * "MMM dd, yyyy" (the lists' DATE_DISPLAY_FORMAT), the day as the firm's time zone reads it, for the
 * Excel exports (candidates, people); remembered per quarter hour, since 100,000 rows span far fewer of
 * those than one time-zone format each costs.
 */
export function displayDay(iso: string): string {
  const quarter = Math.floor(Date.parse(iso) / QUARTER_HOUR);
  let text = daysByQuarter.get(quarter);
  if (text === undefined) {
    const [year, month, day] = todayIn(APP_TIME_ZONE, new Date(quarter * QUARTER_HOUR)).split('-');
    text = `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
    if (daysByQuarter.size > 100_000) daysByQuarter.clear();
    daysByQuarter.set(quarter, text);
  }
  return text;
}
