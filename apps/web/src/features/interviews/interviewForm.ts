import {
  INTERVIEW_MESSAGES as M,
  InterviewCreate,
  type Interview,
  type InterviewMode,
  type InterviewUpdate,
} from '@portal/contracts';
import { checkForm } from '../../lib/checkForm.ts';
import { firmMomentIso, firmWallClock } from '../../lib/format.ts';
import { INTERVIEW_SCREEN_MESSAGES as S } from './messages.ts';

/** What the schedule dialog edits: the start as the firm's day and time, the duration as typed. */
export interface InterviewValues {
  round: string;
  date: string;
  time: string;
  durationMinutes: string;
  mode: InterviewMode;
  location: string;
  videoUrl: string;
  interviewerIds: number[];
  clientContactIds: number[];
  note: string;
}
export type InterviewField = keyof InterviewValues;
export const INTERVIEW_FIELDS = [
  'round',
  'date',
  'time',
  'durationMinutes',
  'mode',
  'location',
  'videoUrl',
  'interviewerIds',
  'clientContactIds',
  'note',
] as const satisfies readonly InterviewField[];

export const DEFAULT_DURATION_MINUTES = 60;

/** A new interview: the job's only round chosen when it has one, an hour, in person. */
export function blankInterview(rounds: readonly string[]): InterviewValues {
  return {
    round: rounds.length === 1 ? rounds[0]! : '',
    date: '',
    time: '',
    durationMinutes: String(DEFAULT_DURATION_MINUTES),
    mode: 'in_person',
    location: '',
    videoUrl: '',
    interviewerIds: [],
    clientContactIds: [],
    note: '',
  };
}

/** An interview as the reschedule dialog starts from it. */
export function interviewValues(i: Interview): InterviewValues {
  const wall = firmWallClock(i.start) ?? { date: '', time: '' };
  return {
    round: i.round,
    date: wall.date,
    time: wall.time,
    durationMinutes: String(i.durationMinutes),
    mode: i.mode,
    location: i.location ?? '',
    videoUrl: i.videoUrl ?? '',
    interviewerIds: i.interviewers.filter((x) => x.kind === 'user').map((x) => x.id),
    clientContactIds: i.interviewers.filter((x) => x.kind === 'contact').map((x) => x.id),
    note: i.note ?? '',
  };
}

/** The body the server takes: the place that fits the mode only, the start with the firm's offset. */
export function interviewBody(v: InterviewValues): InterviewCreate {
  const duration = v.durationMinutes.trim() === '' ? Number.NaN : Number(v.durationMinutes);
  return {
    round: v.round,
    start: firmMomentIso(v.date, v.time) ?? '',
    durationMinutes: duration,
    mode: v.mode,
    ...(v.mode === 'in_person' ? { location: v.location.trim() } : {}),
    ...(v.mode === 'video' ? { videoUrl: v.videoUrl.trim() } : {}),
    interviewerIds: v.interviewerIds,
    clientContactIds: v.clientContactIds,
    note: v.note.trim(),
  };
}

/** A reschedule sends all but the round (which stays). */
export function updateBody(v: InterviewValues): InterviewUpdate {
  const { round: _round, ...rest } = interviewBody(v);
  return rest;
}

/** The server names the start; the form has it as a day and a time (its message goes under the day). */
export const formFieldOf = (serverField: string): InterviewField | null =>
  serverField === 'start'
    ? 'date'
    : (INTERVIEW_FIELDS as readonly string[]).includes(serverField)
      ? (serverField as InterviewField)
      : null;

/** The dialog's own check, in the server's words; empty when it may be sent. */
export function checkInterview(
  v: InterviewValues,
  now = Date.now(),
): Partial<Record<InterviewField, string>> {
  const { start: startIso, ...body } = interviewBody(v);
  const start = Date.parse(startIso);
  const video = v.videoUrl.trim();
  const errors = checkForm<InterviewField>(
    InterviewCreate,
    // The schema's `start` is the form's day and time, checked here as such.
    { ...body, date: v.date, time: v.time },
    {
      required: {
        round: M.roundRequired,
        date: S.dateRequired,
        time: S.timeRequired,
        mode: M.modeRequired,
      },
      rules: {
        date: v.date && v.time && !Number.isNaN(start) && start <= now ? M.startInPast : null,
        durationMinutes: Number.isInteger(body.durationMinutes) ? null : M.durationInvalid,
        location: v.mode === 'in_person' && !v.location.trim() ? M.locationRequired : null,
        videoUrl:
          v.mode !== 'video'
            ? null
            : !video
              ? M.videoUrlRequired
              : !/^https:\/\/[^\s/]+/i.test(video)
                ? M.videoUrlInvalid
                : null,
        interviewerIds:
          v.interviewerIds.length + v.clientContactIds.length === 0 ? M.interviewersRequired : null,
      },
    },
  );
  return errors;
}
