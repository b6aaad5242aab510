/** Interviews' fixed lists and limits (DESIGN §6f), apart so that the messages can name the limits. */

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
