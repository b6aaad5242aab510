/**
 * Interviews: an application's interviews on the calendar (round, start in UTC, duration, mode,
 * interviewers: staff users and the job's client contacts), their invitations (e-mails with an iCalendar part)
 * and the job room's live messages `interview:scheduled|changed|cancelled`.
 */
import { Type, type Static } from 'typebox';
import { FreeText, Id, IdText, Nullable } from './common.ts';
import {
  INTERVIEW_LIMITS,
  INTERVIEW_MODES,
  INTERVIEW_START_PATTERN,
  INTERVIEW_STATUSES,
} from './interview-constants.ts';
import { INTERVIEW_MESSAGES as M } from './interview-messages.ts';

export {
  INTERVIEW_LIMITS,
  INTERVIEW_MODES,
  INTERVIEW_START_PATTERN,
  INTERVIEW_STATUSES,
  interviewTimeText,
  type InterviewMode,
  type InterviewStatus,
} from './interview-constants.ts';

const Start = Type.String({
  pattern: INTERVIEW_START_PATTERN,
  maxLength: 40,
  title: 'Start',
  description: 'ISO 8601 date-time with its offset or Z (2026-12-01T10:00:00+05:30); stored in UTC',
  errorMessage: M.startInvalid,
});
const Duration = Type.Integer({
  minimum: INTERVIEW_LIMITS.durationMin,
  maximum: INTERVIEW_LIMITS.durationMax,
  title: 'Duration',
  description: 'Minutes',
  errorMessage: { minimum: M.durationInvalid, maximum: M.durationInvalid, type: M.durationInvalid },
});
const Mode = Type.Enum(INTERVIEW_MODES, { title: 'Mode', errorMessage: M.modeRequired });
const Location = Type.String({
  maxLength: INTERVIEW_LIMITS.location,
  format: 'single-line',
  title: 'Location',
});
/** Checked at the service (https only), so the answer names the field with its own message. */
const VideoUrl = Type.String({
  maxLength: INTERVIEW_LIMITS.videoUrl,
  format: 'single-line',
  title: 'Video link',
});
const Note = FreeText(INTERVIEW_LIMITS.note, 'Note');
const UserIds = Type.Array(Id('Interviewer'), {
  maxItems: INTERVIEW_LIMITS.interviewers,
  title: 'Interviewers',
  description: 'Active staff users',
});
const ContactIds = Type.Array(Id('Client interviewer'), {
  maxItems: INTERVIEW_LIMITS.interviewers,
  title: 'Client interviewers',
  description: "The job's client contacts",
});
/** Schedule even though an interviewer is booked at an overlapping time (after a 409 named the clash). */
const ConfirmOverlap = Type.Boolean({ title: 'Schedule despite the clash' });

/** POST /api/candidates/:uuid/interviews. `round` must be one of the job's interview rounds. */
export const InterviewCreate = Type.Object(
  {
    round: Type.String({
      minLength: 1,
      maxLength: INTERVIEW_LIMITS.round,
      title: 'Round',
      errorMessage: M.roundRequired,
    }),
    start: Start,
    durationMinutes: Duration,
    mode: Mode,
    /** The address (required in person). */
    location: Type.Optional(Location),
    /** The call's https link (required for video). */
    videoUrl: Type.Optional(VideoUrl),
    interviewerIds: UserIds,
    clientContactIds: Type.Optional(ContactIds),
    /** For the interviewers only (the candidate's invitation does not show it). */
    note: Type.Optional(Note),
    confirmOverlap: Type.Optional(ConfirmOverlap),
  },
  { additionalProperties: false },
);
export type InterviewCreate = Static<typeof InterviewCreate>;

/**
 * PATCH /api/interviews/:id: reschedule or change (any of these; the round stays). The interviewers, when sent,
 * replace the list. Every change raises `sequence`, so the calendars replace their copy.
 */
export const InterviewUpdate = Type.Object(
  {
    start: Type.Optional(Start),
    durationMinutes: Type.Optional(Duration),
    mode: Type.Optional(Mode),
    location: Type.Optional(Location),
    videoUrl: Type.Optional(VideoUrl),
    interviewerIds: Type.Optional(UserIds),
    clientContactIds: Type.Optional(ContactIds),
    note: Type.Optional(Note),
    confirmOverlap: Type.Optional(ConfirmOverlap),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type InterviewUpdate = Static<typeof InterviewUpdate>;

export const InterviewerKind = Type.Union([Type.Literal('user'), Type.Literal('contact')]);
export type InterviewerKind = Static<typeof InterviewerKind>;

/** One interviewer: a staff user (`id` the user's) or a client contact of the job (`id` the contact's). */
export const Interviewer = Type.Object({
  kind: InterviewerKind,
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
});
export type Interviewer = Static<typeof Interviewer>;

export const Interview = Type.Object({
  id: Type.Integer(),
  /** The candidate's (the application's) uuid. */
  uuid: Type.String(),
  candidateId: Type.Integer(),
  candidateName: Type.String(),
  jobId: Type.Integer(),
  jobTitle: Type.String(),
  round: Type.String(),
  /** UTC, ISO 8601 with Z. */
  start: Type.String(),
  end: Type.String(),
  durationMinutes: Type.Integer(),
  mode: Type.Enum(INTERVIEW_MODES),
  location: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  note: Nullable(Type.String()),
  interviewers: Type.Array(Interviewer),
  status: Type.Enum(INTERVIEW_STATUSES),
  /** The invitation's SEQUENCE: 0 when scheduled, raised on every change and on cancelling. */
  sequence: Type.Integer(),
  /** Who scheduled it (the user's name; null when the account was removed since). */
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Interview = Static<typeof Interview>;

export const InterviewList = Type.Object({ items: Type.Array(Interview) });
export type InterviewList = Static<typeof InterviewList>;

export const CandidateInterviewsParams = Type.Object({
  uuid: Type.String({ minLength: 1, maxLength: 36, title: 'Candidate' }),
});
export type CandidateInterviewsParams = Static<typeof CandidateInterviewsParams>;

export const InterviewParams = Type.Object({ id: IdText('Interview') });
export type InterviewParams = Static<typeof InterviewParams>;

/**
 * GET /api/interviews?mine=1&from=&to=: the caller's interviews as an interviewer, by start (cancelled ones too,
 * marked). `from` / `to` bound the start (ISO date-times; `to` excluded).
 */
export const InterviewsQuery = Type.Object({
  mine: Type.Literal('1', { title: 'Mine', description: 'Only "1" (the caller\'s interviews) for now' }),
  from: Type.Optional(Start),
  to: Type.Optional(Start),
});
export type InterviewsQuery = Static<typeof InterviewsQuery>;

/** One interviewer's other interview overlapping the asked time. */
export const InterviewClash = Type.Object({
  /** The interviewer's name. */
  interviewer: Type.String(),
  interviewId: Type.Integer(),
  start: Type.String(),
  end: Type.String(),
  /** The other interview's candidate's name. */
  candidate: Type.String(),
});
export type InterviewClash = Static<typeof InterviewClash>;

/** The 409 of a schedule or reschedule that clashes (send again with `confirmOverlap: true` to go ahead). */
export const InterviewClashAnswer = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  clashes: Type.Array(InterviewClash),
});
export type InterviewClashAnswer = Static<typeof InterviewClashAnswer>;

/** `interview:scheduled|changed|cancelled` (the job room, sequenced): the interview as it is now. */
export const InterviewEvent = Interview;
export type InterviewEvent = Interview;
