import type { Knex } from 'knex';
import { Model } from 'objection';
import { APP_TIME_ZONE, todayIn, type Job, type JobExportRow, type JobStatus } from '@portal/contracts';
import { toDateOnly, toIsoString } from '../../lib/dates.ts';
import { AuthoredModel, type Row } from '../../lib/model.ts';

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

/** A JSON list column (`questions`, `interview_rounds`) as strings; unreadable text reads as no items. */
function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** A skill or an editor of a job, from a row of the job query. */
export type JobLink = { kind: 'skill'; id: number; name: string } | { kind: 'editor'; id: number };

/** The columns a job's form writes (the lists as arrays; toRow turns them into the stored JSON text). */
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

/**
 * The `jobs` table. Salaries are annual rupees, the deadline a date ('YYYY-MM-DD'), `questions` and
 * `interview_rounds` JSON lists kept as text; `version` counts changes (optimistic locking).
 */
export class JobModel extends AuthoredModel {
  static override tableName = 'jobs';
  static override jsonAttributes = ['questions', 'interview_rounds'];

  id!: number;
  title!: string;
  type!: string;
  description!: string;
  state!: string;
  city!: string;
  min_salary!: number;
  max_salary!: number | null;
  deadline!: string | Date | null;
  experience_min!: number;
  experience_max!: number;
  interview_rounds!: string[];
  questions!: string[];
  client_name!: string;
  client_email!: string;
  client_location!: string;
  openings!: number;
  status!: string;
  version!: number;

  /** The columns of a form's values as stored: the lists as JSON text. */
  static toRow<T extends Partial<JobColumns>>(columns: T) {
    const row: Row = { ...columns };
    for (const key of ['questions', 'interview_rounds'] as const) {
      if (columns[key] !== undefined) row[key] = JSON.stringify(columns[key]);
    }
    return row;
  }

  /** The stored deadline as 'YYYY-MM-DD' (MySQL hands back a Date, SQLite the text), or null. */
  static deadlineOf(row: Row): string | null {
    return toDateOnly(row.deadline);
  }

  /** The status a row shows `today`: active past its deadline reads expired. */
  static statusOf(row: Row, today: string): JobStatus {
    return effectiveJobStatus(String(row.status), JobModel.deadlineOf(row), today);
  }

  /**
   * A job row, with the names of its state (`state_name`) and of who created and last changed it joined
   * in and its `candidate_count`, as the API shows it; without its links (skills and editors, which the
   * caller adds row by row) and with `canEdit` false until the caller knows the reader.
   */
  static toRecord(row: Row, today: string): Job {
    const deadline = JobModel.deadlineOf(row);
    return {
      id: Number(row.id),
      title: String(row.title),
      type: String(row.type),
      description: String(row.description),
      questions: parseList(row.questions),
      state: String(row.state),
      stateName: (row.state_name as string | null) ?? null,
      city: String(row.city),
      minSalary: Number(row.min_salary),
      maxSalary: row.max_salary == null ? null : Number(row.max_salary),
      deadline,
      experienceRange: [Number(row.experience_min), Number(row.experience_max)],
      interviewRounds: parseList(row.interview_rounds),
      clientName: String(row.client_name),
      clientEmail: String(row.client_email),
      clientLocation: String(row.client_location),
      skills: [],
      openings: Number(row.openings),
      status: effectiveJobStatus(String(row.status), deadline, today),
      editable_by: [],
      ...AuthoredModel.authorshipOf(row),
      createdAt: toIsoString(row.created_at),
      updatedAt: toIsoString(row.updated_at),
      candidateCount: Number(row.candidate_count ?? 0),
      canEdit: false,
      version: Number(row.version),
    };
  }

  /**
   * The link a row of the job links' query carries (see selectJobs in the service): one of the job's
   * skills or one of its editors; null for a row of neither kind.
   */
  static linkOf(row: Row): JobLink | null {
    if (row.link === 'skill')
      return {
        kind: 'skill',
        id: Number(row.link_id),
        name: String(row.link_name),
      };
    if (row.link === 'editor') return { kind: 'editor', id: Number(row.link_id) };
    return null;
  }

  /** A row of the export (id, title, description, status, deadline) as the Excel sheet shows it. */
  static toExportRow(row: Row, today: string): JobExportRow {
    return {
      id: Number(row.id),
      title: String(row.title),
      description: String(row.description),
      status: JobModel.statusOf(row, today),
    };
  }
}

/** A table linking jobs to other rows: one row a job and one of its `linkColumn`. */
abstract class JobLinkModel extends Model {
  static linkColumn: string;

  job_id!: number;

  /** The rows linking job `jobId` to each of `ids`. */
  static rowsOf(jobId: number, ids: readonly number[]): Row[] {
    return ids.map((id) => ({ job_id: jobId, [this.linkColumn]: id }));
  }
}

/** `job_skills`: the catalogue skills a job asks for. */
export class JobSkillModel extends JobLinkModel {
  static override tableName = 'job_skills';
  static override idColumn = ['job_id', 'skill_id'];
  static override linkColumn = 'skill_id';

  skill_id!: number;
}

/** `job_editors`: the users besides its creator who may change a job. */
export class JobEditorModel extends JobLinkModel {
  static override tableName = 'job_editors';
  static override idColumn = ['job_id', 'user_id'];
  static override linkColumn = 'user_id';

  user_id!: number;
}
