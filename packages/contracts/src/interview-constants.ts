/** Interviews' fixed lists and limits, apart so that the messages can name the limits. */

export const INTERVIEW_MODES = ['in_person', 'phone', 'video'] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number];

export const INTERVIEW_STATUSES = ['scheduled', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

export const INTERVIEW_LIMITS = {
  /** Minutes. */
  durationMin: 1,
  durationMax: 480,
  round: 100,
  location: 500,
  videoUrl: 2000,
  note: 4000,
  /** Staff users and client contacts together. */
  interviewers: 30,
  /** `GET /api/interviews?mine=1` lists at most this many. */
  mineMax: 500,
} as const;

/** A start: an ISO date-time with its offset or Z (stored in UTC). */
export const INTERVIEW_START_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$';

const interviewTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An interview's start as people read it, in a time zone (the firm's, APP_TIME_ZONE): "Tue, 1 Dec 2026, 10:00 am".
 * The server's mails and bell and the web's screens say it alike.
 */
export function interviewTimeText(iso: string, timeZone: string): string {
  let format = interviewTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    interviewTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
