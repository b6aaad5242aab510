import { format, isValid, parseISO } from 'date-fns';
import { APP_TIME_ZONE, DATE_DISPLAY_FORMAT, JOB_MESSAGES, RUPEES_PER_LAKH } from '@portal/contracts';

/** Numbers are written as contracts' format.ts writes them, the same for the screens, the UI kit and the server. */
export { formatCount, formatDecimal, formatRupees, formatWholeRupees } from '@portal/contracts';

/** Annual rupees as lakhs per annum, up to two decimals: 1250000 → "12.5". */
export function toLpa(rupees: number): string {
  const lakhs = Math.round((rupees / RUPEES_PER_LAKH) * 100) / 100;
  return String(lakhs);
}

/** The card's salary text: "₹12 - ₹18 LPA" (or "₹12 LPA" without a maximum). */
export function formatLpaRange(min: number, max: number | null): string {
  return max === null || max === min ? `₹${toLpa(min)} LPA` : `₹${toLpa(min)} - ₹${toLpa(max)} LPA`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in words in the Indian system (crore, lakh, thousand): 12500000 → "One Crore Twenty Five Lakh".
 * Whole rupees; more than 99 crore reads as "One Hundred Crore" and so on.
 */
export function amountInWords(value: number): string {
  const n = Math.floor(Math.abs(value));
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const words = [
    crore ? `${amountInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return value < 0 ? `Minus ${words}` : words;
}

/** A calendar day as the API writes one ('YYYY-MM-DD'): a day of no time zone, shown as it is written. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The firm's wall clock (APP_TIME_ZONE) at a moment. Every date a person reads is a day of the firm's time
 * zone, whatever the browser's: a record made at 01:30 in Kolkata is of that day in a browser in California
 * too, as in the Excel files the server writes.
 */
const firmClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function firmClock(moment: Date) {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    firmClockFormat.formatToParts(moment).find((p) => p.type === type)?.value ?? '';
  return {
    month: part('month'),
    day: part('day'),
    year: part('year'),
    hour: Number(part('hour')),
    minute: part('minute'),
  };
}

/** A moment, or null when unreadable; a calendar day is not a moment (see CALENDAR_DAY). */
function momentOf(value: string | Date): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/**
 * The one way the app shows a day, "MMM dd, yyyy" (DATE_DISPLAY_FORMAT): a calendar day 'YYYY-MM-DD' as it
 * is written, a moment as its day in the firm's time zone; null for a value that is not a readable date.
 * Every screen formats dates here.
 */
export function formatDate(value: string | Date): string | null {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    const day = parseISO(value);
    return isValid(day) ? format(day, DATE_DISPLAY_FORMAT) : null;
  }
  const moment = momentOf(value);
  if (!moment) return null;
  const c = firmClock(moment);
  return `${c.month} ${c.day}, ${c.year}`;
}

/**
 * A moment whose time matters (a history entry), in the firm's time zone: "MMM dd, yyyy, h:mm a"
 * (DATE_TIME_DISPLAY_FORMAT), or with `hours24` "MMM dd, yyyy, HH:mm"; null when unreadable.
 */
export function formatDateTime(value: string | Date, { hours24 = false } = {}): string | null {
  const moment = momentOf(value);
  if (!moment) return null;
  const c = firmClock(moment);
  const time = hours24
    ? `${String(c.hour).padStart(2, '0')}:${c.minute}`
    : `${c.hour % 12 || 12}:${c.minute} ${c.hour < 12 ? 'AM' : 'PM'}`;
  return `${c.month} ${c.day}, ${c.year}, ${time}`;
}

/** A calendar day ('YYYY-MM-DD') as a short label, "25 Nov" (a chart's axis; tables write the whole date). */
export function formatShortDay(day: string): string {
  const date = parseISO(day);
  return isValid(date) ? format(date, 'd MMM') : day;
}

/** A job's deadline: "Not specified" when empty, "Invalid date" when unreadable. */
export function formatDeadline(value: string | null | undefined): string {
  if (!value) return JOB_MESSAGES.deadlineNotSpecified;
  return formatDate(value) ?? JOB_MESSAGES.invalidDate;
}

/** An experience range in years: [0, 2] → "0 - 2 years". */
export const formatExperience = ([min, max]: readonly [number, number]) =>
  `${min} - ${max} ${max === 1 ? 'year' : 'years'}`;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A moment's date ('YYYY-MM-DD') and time ('HH:mm') on the firm's wall clock: what a form shows to edit. */
export function firmWallClock(value: string | Date): { date: string; time: string } | null {
  const moment = momentOf(value);
  if (!moment) return null;
  const c = firmClock(moment);
  const month = new Date(`${c.month} 1, 2000`).getMonth() + 1;
  return { date: `${c.year}-${pad2(month)}-${c.day}`, time: `${pad2(c.hour)}:${c.minute}` };
}

/** How far the firm's wall clock is ahead of UTC at a moment, in minutes (330 in Kolkata). */
function firmOffsetMinutes(moment: Date): number {
  const wall = firmWallClock(moment)!;
  const [y, m, d] = wall.date.split('-').map(Number) as [number, number, number];
  const [h, min] = wall.time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  return Math.round((asUtc - Math.floor(moment.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A day ('YYYY-MM-DD') and time ('HH:mm') entered on the firm's wall clock as an ISO moment with the firm's
 * offset ("2026-12-03T10:30:00+05:30"), whatever the browser's time zone; null when either is unreadable.
 */
export function firmMomentIso(date: string, time: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const asUtc = Date.UTC(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  if (Number.isNaN(asUtc)) return null;
  // The offset at the moment meant: read once at the guess, once more where it lands (a daylight-saving switch).
  let offset = firmOffsetMinutes(new Date(asUtc));
  offset = firmOffsetMinutes(new Date(asUtc - offset * 60_000));
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${time}:00${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}
