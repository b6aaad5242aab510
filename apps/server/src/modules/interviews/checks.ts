/**
 * What an interview's input must be beyond its schema: a start in the future, the fields its mode
 * needs, interviewers who are active users or this job's client contacts, a round of the job; and the overlap
 * check (an interviewer, by user or by address, in another scheduled interview at that time).
 */
import type { Knex } from 'knex';
import { INTERVIEW_MESSAGES as M, isBlank, type InterviewClash, type InterviewMode } from '@portal/contracts';
import { AppError, conflict } from '../../errors.ts';
import { int, intOrNull, isoTime, stringList, type DbInt, type DbTime } from '../../lib/rows.ts';
import type { InterviewerRow } from './model.ts';

type Db = Knex | Knex.Transaction;

/** A 400 that names the field its message is about (the form marks it). */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION', message, { field });

/** The start as a Date: a date-time the schema's pattern passed and the calendar knows, in the future. */
export function startOf(text: string, now = new Date()): Date {
  const start = new Date(text);
  if (Number.isNaN(start.getTime())) throw invalidField('start', M.startInvalid);
  if (start.getTime() <= now.getTime()) throw invalidField('start', M.startInPast);
  return start;
}

/** The round as the job names it, or a 400 when it is not one of the job's rounds. */
export function roundOf(round: string, jobRounds: unknown): string {
  const rounds = stringList(jobRounds);
  if (rounds.length === 0) throw invalidField('round', M.noRounds);
  const wanted = round.trim().toLowerCase();
  const found = rounds.find((r) => r.trim().toLowerCase() === wanted);
  if (!found) throw invalidField('round', M.roundNotOfJob);
  return found;
}

/** The place columns of a mode: in person needs its address, video its https link. */
export function placeOf(mode: InterviewMode, location: string | null, videoUrl: string | null) {
  const address = location && !isBlank(location) ? location.trim() : null;
  const link = videoUrl && !isBlank(videoUrl) ? videoUrl.trim() : null;
  if (link !== null && !isHttps(link)) throw invalidField('videoUrl', M.videoUrlInvalid);
  if (mode === 'in_person' && address === null) throw invalidField('location', M.locationRequired);
  if (mode === 'video' && link === null) throw invalidField('videoUrl', M.videoUrlRequired);
  return { location: address, video_url: mode === 'video' ? link : null };
}

function isHttps(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(text);
  } catch {
    return false;
  }
}

/**
 * Locks the staff interviewers' user rows, as the first statement of a write: two schedules of one interviewer at
 * once then take turns, and the second's overlap check sees the first. First, because MySQL's REPEATABLE READ
 * reads every later plain SELECT of the transaction from the snapshot its first one took: a lock taken after
 * that would wait for the other write and still not see it.
 */
export async function lockInterviewers(trx: Knex.Transaction, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length) await trx('users').whereIn('id', ids).orderBy('id').forUpdate().select('id');
}

/**
 * `lockInterviewers` for a change of interview `id`: its current staff interviewers and those the change names,
 * read with a locking read (which takes no snapshot either).
 */
export async function lockInterviewersOf(
  trx: Knex.Transaction,
  id: number,
  named: readonly number[] = [],
): Promise<void> {
  const current: { user_id: DbInt | null }[] = await trx('interview_interviewers')
    .where('interview_id', id)
    .forUpdate()
    .select('user_id');
  await lockInterviewers(trx, [
    ...named,
    ...current.flatMap((p) => (p.user_id === null ? [] : [int(p.user_id)])),
  ]);
}

/** An interviewer as `interview_interviewers` keeps them (without the interview's id yet). */
export type NewInterviewer = Omit<InterviewerRow, 'interview_id'>;

/**
 * The interviewers named: active users (`userIds`) and this job's client contacts (`contactIds`), each once, with
 * the names and addresses they are invited at; a 400 naming the field for any that is not.
 */
export async function interviewersOf(
  db: Db,
  jobId: number,
  userIds: readonly number[],
  contactIds: readonly number[],
): Promise<NewInterviewer[]> {
  const users = [...new Set(userIds)];
  const contacts = [...new Set(contactIds)];
  if (users.length + contacts.length === 0) throw invalidField('interviewerIds', M.interviewersRequired);
  const [userRows, contactRows]: [
    { id: DbInt; name: string; username: string; email: string }[],
    { id: DbInt; name: string; email: string }[],
  ] = await Promise.all([
    users.length
      ? db('users')
          .whereIn('id', users)
          .where('status', 'active')
          .whereNull('deleted_at')
          .select('id', 'name', 'username', 'email')
      : Promise.resolve([]),
    contacts.length
      ? db('job_client_contacts').whereIn('id', contacts).where('job_id', jobId).select('id', 'name', 'email')
      : Promise.resolve([]),
  ]);
  if (userRows.length !== users.length) throw invalidField('interviewerIds', M.interviewerNotUser);
  if (contactRows.length !== contacts.length) throw invalidField('clientContactIds', M.contactNotOfJob);
  const userById = new Map(userRows.map((u) => [int(u.id), u]));
  const contactById = new Map(contactRows.map((c) => [int(c.id), c]));
  return [
    ...users.map((id) => {
      const u = userById.get(id)!;
      return { user_id: id, contact_id: null, name: u.name || u.username, email: u.email.toLowerCase() };
    }),
    ...contacts.map((id) => {
      const c = contactById.get(id)!;
      return { user_id: null, contact_id: id, name: c.name, email: c.email.toLowerCase() };
    }),
  ];
}

interface ClashRow {
  interview_id: DbInt;
  user_id: DbInt | null;
  email: string;
  name: string;
  start_at: DbTime;
  end_at: DbTime;
  candidate_name: string;
}

/**
 * The other scheduled interviews (not `exceptId`) at an overlapping time with any of these interviewers: a user
 * by their id, anyone (a client contact of several jobs) by their address. One clash per interviewer and interview.
 */
export async function clashesOf(
  db: Db,
  interviewers: readonly NewInterviewer[],
  start: Date,
  end: Date,
  exceptId?: number,
): Promise<InterviewClash[]> {
  const userIds = interviewers.flatMap((p) => (p.user_id === null ? [] : [int(p.user_id)]));
  const emails = interviewers.map((p) => p.email);
  const q = db('interview_interviewers as p')
    .join('interviews as i', 'i.id', 'p.interview_id')
    .join('candidates as c', 'c.id', 'i.candidate_id')
    .where('i.status', 'scheduled')
    .where('i.start_at', '<', end)
    .where('i.end_at', '>', start)
    .where((w) => {
      if (userIds.length) w.whereIn('p.user_id', userIds);
      w.orWhereIn('p.email', emails);
    })
    .orderBy('i.start_at')
    .orderBy('p.id')
    .select(
      'p.interview_id',
      'p.user_id',
      'p.email',
      'p.name',
      'i.start_at',
      'i.end_at',
      'c.name as candidate_name',
    );
  if (exceptId !== undefined) q.whereNot('i.id', exceptId);
  const rows: ClashRow[] = await q;
  const seen = new Set<string>();
  const clashes: InterviewClash[] = [];
  for (const row of rows) {
    // Named as this interview names them (the other one may have kept an older name).
    const who =
      interviewers.find((p) => p.user_id !== null && p.user_id === intOrNull(row.user_id)) ??
      interviewers.find((p) => p.email === row.email);
    const key = `${who?.email ?? row.email}|${int(row.interview_id)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    clashes.push({
      interviewer: who?.name ?? row.name,
      interviewId: int(row.interview_id),
      start: isoTime(row.start_at),
      end: isoTime(row.end_at),
      candidate: row.candidate_name,
    });
  }
  return clashes;
}

/** The 409 of a clash not confirmed: the message names the interviewers, `clashes` the interviews. */
export async function refuseClashes(...args: Parameters<typeof clashesOf>): Promise<void> {
  const clashes = await clashesOf(...args);
  if (clashes.length) throw conflict(M.clash([...new Set(clashes.map((c) => c.interviewer))]), { clashes });
}
