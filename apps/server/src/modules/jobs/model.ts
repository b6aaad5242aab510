import type { Knex } from 'knex';
import { APP_TIME_ZONE, todayIn, type Job, type JobExportRow, type JobStatus } from '@portal/contracts';
import {
  authorshipOf,
  day,
  int,
  intOrNull,
  isoTime,
  stringList,
  total,
  type AuthoredColumns,
  type DbDay,
  type DbInt,
} from '../../lib/rows.ts';

// ---------------------------------------------------------------------------------------------------
// Expiry: the one place that says what an expired job is. An active job whose deadline (a date, in the
// firm's time zone) has passed counts, shows and filters as expired; the careers pages stop offering it.
// ---------------------------------------------------------------------------------------------------

/** The status a job shows: `active` past its deadline reads `expired`. */
export function effectiveJobStatus(status: string, deadline: string | null, today: string): JobStatus {
  return status === 'active' && deadline !== null && deadline < today ? 'expired' : (status as JobStatus);
}

/** The same rule in SQL, on `jobs as j`, with today's date as its one binding. */
export const EFFECTIVE_STATUS_SQL =
  "CASE WHEN j.status = 'active' AND j.deadline < ? THEN 'expired' ELSE j.status END";

/** Narrows a query on `jobs as j` to the jobs whose effective status is one of `statuses`. */
export function whereEffectiveStatus(q: Knex.QueryBuilder, statuses: readonly JobStatus[], today: string) {
  const plain = statuses.filter((s) => s !== 'active' && s !== 'expired');
  return q.where((any) => {
    if (plain.length > 0) any.orWhereIn('j.status', plain);
    if (statuses.includes('active')) {
      any.orWhere((open) =>
        open
          .where('j.status', 'active')
          .andWhere((d) => d.whereNull('j.deadline').orWhere('j.deadline', '>=', today)),
      );
    }
    if (statuses.includes('expired')) {
      any
        .orWhere('j.status', 'expired')
        .orWhere((past) => past.where('j.status', 'active').where('j.deadline', '<', today));
    }
  });
}

/** Jobs the public careers pages may offer: active and not past their deadline. */
export const whereOpenForApplications = (q: Knex.QueryBuilder, today: string = todayIn(APP_TIME_ZONE)) =>
  whereEffectiveStatus(q, ['active'], today);

// ---------------------------------------------------------------------------------------------------

/**
 * A row of `jobs`. Salaries are annual rupees, the deadline a date ('YYYY-MM-DD'), `questions` and
 * `interview_rounds` JSON lists kept as text; `version` counts changes (optimistic locking).
 */
export interface JobRow extends AuthoredColumns {
  id: DbInt;
  title: string;
  type: string;
  description: string;
  state: string;
  city: string;
  min_salary: DbInt;
  max_salary: DbInt | null;
  deadline: DbDay | null;
  experience_min: DbInt;
  experience_max: DbInt;
  interview_rounds: string;
  questions: string;
  client_name: string;
  client_email: string;
  client_location: string;
  openings: DbInt;
  status: string;
  version: DbInt;
}

/**
 * A job row with the names of its state (`state_name`) and of who created and last changed it joined in
 * and its `candidate_count` (a SUM: NULL for a job without candidates), as the job query selects it.
 */
export interface JobListRow extends JobRow {
  state_name: string | null;
  created_by: string | null;
  updated_by: string | null;
  candidate_count: DbInt | null;
}

/** A row of the job links' query (see selectJobs in reads.ts): one of a job's skills or one of its editors. */
export interface JobLinkRow {
  job_id: DbInt;
  link: 'skill' | 'editor' | null;
  link_id: DbInt;
  link_name: string | null;
}

/** A row of `job_skills`: the catalogue skills a job asks for. */
export interface JobSkillRow {
  job_id: DbInt;
  skill_id: DbInt;
}

/** A row of `job_editors`: the users besides its creator who may change a job. */
export interface JobEditorRow {
  job_id: DbInt;
  user_id: DbInt;
}

/** A row of the job list's light probe: what its effective status is made from. */
export type JobProbeRow = Pick<JobRow, 'id' | 'status' | 'deadline'>;

/** A row of the tab counts' query: how many jobs show one effective status. */
export interface JobStatusCountRow {
  effective_status: string;
  n: DbInt;
}

/** What a write reads of the job it locks: whether the actor may change it, its deadline and version. */
export type JobLockRow = Pick<JobRow, 'id' | 'created_by_id' | 'deadline' | 'version'>;

/** A skill or an editor of a job, from a row of the job query. */
export type JobLink = { kind: 'skill'; id: number; name: string } | { kind: 'editor'; id: number };

/** The columns a job's form writes (the lists as arrays; storedJobColumns turns them into the stored JSON text). */
export interface JobColumns {
  title: string;
  type: string;
  description: string;
  state: string;
  city: string;
  min_salary: number;
  max_salary: number | null;
  deadline: string | null;
  experience_min: number;
  experience_max: number;
  interview_rounds: string[];
  questions: string[];
  client_name: string;
  client_email: string;
  client_location: string;
  openings?: number;
}

/** The columns of a form's values as stored: the lists as JSON text. */
export function storedJobColumns<T extends Partial<JobColumns>>(columns: T) {
  const { questions, interview_rounds, ...rest } = columns;
  return {
    ...rest,
    ...(questions !== undefined ? { questions: JSON.stringify(questions) } : {}),
    ...(interview_rounds !== undefined ? { interview_rounds: JSON.stringify(interview_rounds) } : {}),
  };
}

/** The stored deadline as 'YYYY-MM-DD' (MySQL hands back a Date, SQLite the text), or null. */
export const deadlineOf = (row: Pick<JobRow, 'deadline'>): string | null => day(row.deadline);

/** The status a row shows `today`: active past its deadline reads expired. */
export const jobStatusOf = (row: Pick<JobRow, 'status' | 'deadline'>, today: string): JobStatus =>
  effectiveJobStatus(row.status, deadlineOf(row), today);

/**
 * A job row of the job query as the API shows it; without its links (skills and editors, which the
 * caller adds row by row) and with `canEdit` false until the caller knows the reader.
 */
export function toJob(row: JobListRow, today: string): Job {
  const deadline = deadlineOf(row);
  return {
    id: int(row.id),
    title: row.title,
    type: row.type,
    description: row.description,
    questions: stringList(row.questions),
    state: row.state,
    stateName: row.state_name ?? null,
    city: row.city,
    minSalary: int(row.min_salary),
    maxSalary: intOrNull(row.max_salary),
    deadline,
    experienceRange: [int(row.experience_min), int(row.experience_max)],
    interviewRounds: stringList(row.interview_rounds),
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientLocation: row.client_location,
    skills: [],
    openings: int(row.openings),
    status: effectiveJobStatus(row.status, deadline, today),
    editable_by: [],
    ...authorshipOf(row),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    candidateCount: total(row.candidate_count),
    canEdit: false,
    version: int(row.version),
  };
}

/** The link a row of the job links' query carries: one of the job's skills or one of its editors; null for neither. */
export function jobLinkOf(row: JobLinkRow): JobLink | null {
  if (row.link === 'skill') return { kind: 'skill', id: int(row.link_id), name: row.link_name ?? '' };
  if (row.link === 'editor') return { kind: 'editor', id: int(row.link_id) };
  return null;
}

/** The columns of the export's query. */
export type JobExportSource = Pick<JobRow, 'id' | 'title' | 'description' | 'status' | 'deadline'>;

/** A row of the export (id, title, description, status, deadline) as the Excel sheet shows it. */
export const toJobExportRow = (row: JobExportSource, today: string): JobExportRow => ({
  id: int(row.id),
  title: row.title,
  description: row.description,
  status: jobStatusOf(row, today),
});

/** The rows of `job_skills` linking job `jobId` to each of the skills `ids`. */
export const jobSkillRows = (jobId: number, ids: readonly number[]): JobSkillRow[] =>
  ids.map((id) => ({ job_id: jobId, skill_id: id }));

/** The rows of `job_editors` linking job `jobId` to each of the users `ids`. */
export const jobEditorRows = (jobId: number, ids: readonly number[]): JobEditorRow[] =>
  ids.map((id) => ({ job_id: jobId, user_id: id }));
