import type { Notification, NotificationKind, SuggestedMove } from '@portal/contracts';
import { int, intOrNull, isoTime, isoTimeOrNull, text, type DbInt, type DbTime } from '../../lib/rows.ts';

/** A row of `notifications`: one thing told to one user. */
export interface NotificationRow {
  id: DbInt;
  user_id: DbInt;
  kind: NotificationKind;
  text: string;
  link: string | null;
  job_id: DbInt | null;
  candidate_id: DbInt | null;
  read_at: DbTime | null;
  created_at: DbTime;
  /** A client decision's suggested move, as JSON text (null for every other notification). */
  suggested_move?: string | null;
}

/** The stored suggested move; unreadable text reads as none. */
function suggestedMoveOf(value: string | null | undefined): SuggestedMove | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as SuggestedMove;
  } catch {
    return null;
  }
}

/** A notification as the API shows it: the one mapping of its rows to the contract's `Notification`. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: int(row.id),
    kind: row.kind,
    text: row.text,
    link: row.link ?? null,
    jobId: intOrNull(row.job_id),
    candidateId: intOrNull(row.candidate_id),
    readAt: isoTimeOrNull(row.read_at),
    createdAt: isoTime(row.created_at),
    // Only a client's decision suggests a move (none for "on hold"); other kinds leave the field out.
    ...(row.kind === 'client_feedback' ? { suggestedMove: suggestedMoveOf(row.suggested_move) } : {}),
  };
}

/** A user as the notifications read them: who may be told, and the role their link follows. */
export interface RecipientRow {
  id: DbInt;
  role: string;
}

/** A user's name as a notification's text names them. */
export interface UserNameRow {
  name: string | null;
  username: string;
}

/** The name a notification gives its actor: the user's name, or their username when they have none. */
export const actorNameOf = (row: UserNameRow): string => row.name || row.username;

/** A job as the notifications read it: its title and its creator. */
export interface JobNoticeRow {
  id: DbInt;
  title: string | null;
  created_by_id: DbInt | null;
}

/** A row of `job_editors`: a user who may edit a job. */
export interface JobEditorRow {
  job_id: DbInt;
  user_id: DbInt;
}

/**
 * A user id plucked from the union of a job's creator and its editors; a driver may hand each back as the
 * row it came from (`{ created_by_id: 4 }`) rather than the bare value.
 */
export type PluckedUserId = DbInt | Record<string, DbInt>;

export const pluckedUserId = (value: PluckedUserId): number =>
  int(typeof value === 'object' && value !== null ? Object.values(value)[0]! : value);

/** A candidate as a notice about it reads it: its name, job and creator. */
export interface CandidateNoticeRow {
  id: DbInt;
  uuid: string;
  name: string;
  job_id: DbInt;
  created_by_id: DbInt | null;
}

/** A candidate as a notice about it is written. */
export interface CandidateNotice {
  id: number;
  uuid: string;
  name: string;
  jobId: number;
  createdById: number | null;
}

export const toCandidateNotice = (row: CandidateNoticeRow): CandidateNotice => ({
  id: int(row.id),
  uuid: row.uuid,
  name: row.name,
  jobId: int(row.job_id),
  createdById: intOrNull(row.created_by_id),
});

/** A job's title as a notice writes it (none as ''). */
export const jobTitleOf = (row: Pick<JobNoticeRow, 'title'> | undefined): string => text(row?.title);
