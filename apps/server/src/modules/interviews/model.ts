/** Interviews' rows and how the API shows them. */
import type { Knex } from 'knex';
import type { Interview, InterviewMode, Interviewer } from '@portal/contracts';
import { int, intOrNull, isoTime, type DbInt, type DbTime } from '../../lib/rows.ts';

type Db = Knex | Knex.Transaction;

/** A row of `interviews`, with its candidate's and job's names and its creator's (`selectInterviews`). */
export interface InterviewRow {
  id: DbInt;
  candidate_id: DbInt;
  job_id: DbInt;
  round: string;
  start_at: DbTime;
  end_at: DbTime;
  duration_minutes: DbInt;
  mode: string;
  location: string | null;
  video_url: string | null;
  note: string | null;
  status: string;
  sequence: DbInt;
  uid: string;
  created_by_id: DbInt | null;
  created_at: DbTime;
  updated_at: DbTime;
  uuid: string;
  candidate_name: string;
  candidate_email: string;
  job_title: string;
  created_by: string | null;
}

/** A row of `interview_interviewers`. */
export interface InterviewerRow {
  interview_id: DbInt;
  user_id: DbInt | null;
  contact_id: DbInt | null;
  name: string;
  email: string;
}

/** Interviews with the columns `InterviewRow` names (filter and order on `i.*`). */
export const selectInterviews = (db: Db) =>
  db('interviews as i')
    .join('candidates as c', 'c.id', 'i.candidate_id')
    .join('jobs as j', 'j.id', 'i.job_id')
    .leftJoin('users as u', 'u.id', 'i.created_by_id')
    .select(
      'i.*',
      'c.uuid',
      'c.name as candidate_name',
      'c.email as candidate_email',
      'j.title as job_title',
      'u.name as created_by',
    );

const MODES: readonly string[] = ['in_person', 'phone', 'video'];

export function toInterviewer(row: InterviewerRow): Interviewer {
  const contact = intOrNull(row.contact_id);
  return contact !== null && intOrNull(row.user_id) === null
    ? { kind: 'contact', id: contact, name: row.name, email: row.email }
    : { kind: 'user', id: intOrNull(row.user_id) ?? 0, name: row.name, email: row.email };
}

export function toInterview(row: InterviewRow, interviewers: InterviewerRow[]): Interview {
  return {
    id: int(row.id),
    uuid: row.uuid,
    candidateId: int(row.candidate_id),
    candidateName: row.candidate_name,
    jobId: int(row.job_id),
    jobTitle: row.job_title,
    round: row.round,
    start: isoTime(row.start_at),
    end: isoTime(row.end_at),
    durationMinutes: int(row.duration_minutes),
    mode: (MODES.includes(row.mode) ? row.mode : 'in_person') as InterviewMode,
    location: row.location,
    videoUrl: row.video_url,
    note: row.note,
    interviewers: interviewers.map(toInterviewer),
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
    sequence: int(row.sequence),
    createdBy: row.created_by,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** The interviews these rows are, each with its interviewers (one query for all), in the rows' order. */
export async function withInterviewers(db: Db, rows: InterviewRow[]): Promise<Interview[]> {
  if (rows.length === 0) return [];
  const people: InterviewerRow[] = await db('interview_interviewers')
    .whereIn(
      'interview_id',
      rows.map((r) => int(r.id)),
    )
    .orderBy('id')
    .select('interview_id', 'user_id', 'contact_id', 'name', 'email');
  const byInterview = new Map<number, InterviewerRow[]>();
  for (const p of people) {
    const id = int(p.interview_id);
    const list = byInterview.get(id);
    if (list) list.push(p);
    else byInterview.set(id, [p]);
  }
  return rows.map((r) => toInterview(r, byInterview.get(int(r.id)) ?? []));
}
