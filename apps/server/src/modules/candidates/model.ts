import {
  NOTIFICATION_MESSAGES,
  type Candidate,
  type CandidateChange,
  type CandidateExportRow,
  type CandidateHistoryEntry,
  type CandidateStatus,
  type LiveCandidate,
  type PipelineCard,
  type RejectionDetails,
} from '@portal/contracts';
import {
  decimal,
  decimalOrNull,
  flag,
  int,
  intOrNull,
  isoTime,
  text,
  type DbBool,
  type DbDecimal,
  type DbInt,
  type DbTime,
} from '../../lib/rows.ts';
import { toClientFeedback, type ClientFeedbackColumns } from './client-feedback-columns.ts';

export {
  CLIENT_FEEDBACK_COLUMNS,
  toClientFeedback,
  type ClientFeedbackColumns,
} from './client-feedback-columns.ts';

const parseJson = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return JSON.parse(String(value)) as T;
  } catch {
    return fallback;
  }
};

/** A JSON column (text on SQLite, JSON on MySQL). */
type DbJson = string | object | null;

/** Stored rejection details; those stored before names were kept beside usernames say no name. */
const rejectionDetailsOf = (value: unknown): RejectionDetails | null => {
  const details = parseJson<RejectionDetails | null>(value, null);
  return details && { ...details, rejected_by_name: details.rejected_by_name ?? null };
};

/** A row of `candidates`. */
export interface CandidateRow extends ClientFeedbackColumns {
  id: DbInt;
  uuid: string;
  /** Whose application this is (`people`); the person's fields below are their copy (people/service.ts). */
  person_id: DbInt;
  name: string;
  email: string;
  phone: string;
  phone_key: string | null;
  experience: DbDecimal;
  current_company: string | null;
  current_ctc: DbDecimal | null;
  expected_ctc: DbDecimal | null;
  notice_period: DbInt | null;
  current_location: string | null;
  preferred_location: string | null;
  job_id: DbInt;
  status: CandidateStatus;
  source: string;
  referred_by: string | null;
  notes: string | null;
  resume_url: string | null;
  image_url: string | null;
  current_round: string | null;
  job_answers: DbJson;
  rejection_reason: string | null;
  rejection_details: DbJson;
  shared_with_client: DbBool;
  shared_at: DbTime | null;
  created_by_id: DbInt | null;
  updated_by_id?: DbInt | null;
  moved_by_id?: DbInt | null;
  position: string;
  stage_entered_at: DbTime | null;
  created_at: DbTime;
  updated_at: DbTime;
  version: DbInt;
}

/** The columns the edit rule reads of a candidate (`mayEdit`). */
export type CandidateOwnerRow = Pick<CandidateRow, 'created_by_id' | 'job_id'>;

/** The job's and creator's columns `selectCandidates` reads beside a candidate's own (`JOINED_COLUMNS`). */
export interface CandidateJoinedColumns {
  job_title: string | null;
  job_type: string | null;
  job_city: string | null;
  job_state: string | null;
  job_questions: DbJson;
  job_interview_rounds: DbJson;
  created_by_username: string | null;
  created_by_name: string | null;
  /** How many applications the person has (`selectCandidates`). */
  applications_count: DbInt;
}

/** A candidate with its job's and creator's columns, as `selectCandidates` reads it. */
export interface CandidateRecordRow extends CandidateRow, CandidateJoinedColumns {}

/**
 * A candidate's row as the decoder reads it: the joined columns may be missing (an edit decodes the row
 * it locked, which has none; they read as blank).
 */
export type CandidateDecodeRow = CandidateRow & Partial<CandidateJoinedColumns>;

/** The columns `toCandidate` reads beyond the candidate's own: the job's and who created it. */
export const JOINED_COLUMNS = [
  'j.title as job_title',
  'j.type as job_type',
  'j.city as job_city',
  'j.state as job_state',
  'j.questions as job_questions',
  'j.interview_rounds as job_interview_rounds',
  'u.username as created_by_username',
  'u.name as created_by_name',
];

/**
 * The one mapping between a candidate's row and the `Candidate` record: JSON columns (answers, rejection
 * details), decimals (MySQL hands them over as text), booleans (SQLite as 0/1), dates. Rows come from
 * `selectCandidates`, with the job's and the creator's columns joined.
 */
export function toCandidate(row: CandidateDecodeRow, canEdit: boolean): Candidate {
  const record = toLiveCandidate(row) as Candidate;
  record.canEdit = canEdit;
  return record;
}

/** The record as every reader may see it: without `canEdit` (a live message, made for a whole room). */
export function toLiveCandidate(row: CandidateDecodeRow): LiveCandidate {
  const answers = parseJson<Record<string, string>>(row.job_answers, {});
  const questions = parseJson<string[]>(row.job_questions, []);
  const asked = new Set(questions);
  // The job's questions in its order, then any answer to a question the job no longer asks.
  const questionnaire = [
    ...questions.map((question) => ({ question, answer: answers[question] ?? '' })),
    ...Object.entries(answers)
      .filter(([question]) => !asked.has(question))
      .map(([question, answer]) => ({ question, answer })),
  ];
  const status = row.status;
  const expected = decimalOrNull(row.expected_ctc);
  return {
    id: int(row.id),
    uuid: row.uuid,
    person_id: int(row.person_id),
    // A locked row read without the joined columns is at least its own person's one application.
    applications_count: row.applications_count == null ? 1 : int(row.applications_count),
    name: row.name,
    email: row.email,
    phone: row.phone,
    experience: decimal(row.experience),
    current_company: row.current_company ?? null,
    current_ctc: decimalOrNull(row.current_ctc),
    expected_ctc: expected,
    expected_salary: expected,
    notice_period: intOrNull(row.notice_period),
    current_location: row.current_location ?? null,
    preferred_location: row.preferred_location ?? null,
    job_id: int(row.job_id),
    job: {
      id: int(row.job_id),
      title: text(row.job_title),
      type: text(row.job_type),
      city: text(row.job_city),
      state: text(row.job_state),
      interviewRounds: parseJson<string[]>(row.job_interview_rounds, []),
    },
    status,
    application_status: status,
    source: row.source,
    referred_by: row.referred_by ?? null,
    notes: row.notes ?? null,
    resume_url: row.resume_url || null,
    image_url: row.image_url || null,
    current_round: row.current_round ?? null,
    job_answers: answers,
    questionnaire,
    rejection_reason: row.rejection_reason ?? null,
    rejection_details: rejectionDetailsOf(row.rejection_details),
    shared_with_client: flag(row.shared_with_client),
    shared_at: row.shared_at ? isoTime(row.shared_at) : null,
    created_by: row.created_by_username ?? null,
    created_by_name: row.created_by_name ?? null,
    created_by_id: intOrNull(row.created_by_id),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    version: int(row.version),
    client_feedback: toClientFeedback(row),
  };
}

/** A job's questions as a candidate's answers are checked against them. */
export interface JobQuestionsRow {
  id: DbInt;
  questions: DbJson;
}

/** The job's questions; unreadable text reads as none. */
export const questionsOf = (job: Pick<JobQuestionsRow, 'questions'>): string[] =>
  parseJson<string[]>(job.questions ?? '[]', []);

/** What a pipeline card reads of the candidate (`CARD_COLUMNS`). */
export type CardRow = Pick<
  CandidateRow,
  | 'id'
  | 'uuid'
  | 'name'
  | 'status'
  | 'position'
  | 'version'
  | 'stage_entered_at'
  | 'created_at'
  | 'experience'
  | 'current_company'
  | 'expected_ctc'
  | 'source'
  | 'image_url'
  | 'created_by_id'
  | 'job_id'
> &
  ClientFeedbackColumns;

/** A candidate as a card of the pipeline board shows it. */
export const toCard = (row: CardRow, canEdit: boolean): PipelineCard => ({
  id: int(row.id),
  uuid: row.uuid,
  name: row.name,
  status: row.status,
  position: row.position,
  version: int(row.version),
  stage_entered_at: isoTime(row.stage_entered_at ?? row.created_at),
  experience: decimal(row.experience),
  current_company: row.current_company ?? null,
  expected_ctc: decimalOrNull(row.expected_ctc),
  source: row.source,
  image_url: row.image_url || null,
  created_by_id: intOrNull(row.created_by_id),
  client_feedback: toClientFeedback(row),
  canEdit,
});

/** A card's place as read: its id and key (positions.ts). */
export type PlaceRow = Pick<CandidateRow, 'id' | 'position'>;

/** A card's place: its id and key. */
export const toPlace = (row: PlaceRow) => ({ id: int(row.id), position: row.position });

/** The last card of a (job, status) column, as `lastOfColumns` reads it. */
export type ColumnEndRow = Pick<CandidateRow, 'id' | 'position' | 'job_id' | 'status'>;

/** The columns of a candidate the Excel export reads. */
export type CandidateExportColumns = Pick<
  CandidateRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'job_id'
  | 'status'
  | 'source'
  | 'experience'
  | 'current_company'
  | 'current_ctc'
  | 'expected_ctc'
  | 'notice_period'
  | 'current_location'
  | 'preferred_location'
  | 'created_at'
  | 'created_by_id'
>;

/** A candidate as the export writes it, with its job's title and its creator's name looked up. */
export const toExportRow = (
  row: CandidateExportColumns,
  jobTitle: string | undefined,
  createdBy: string | undefined,
): CandidateExportRow => ({
  id: int(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  job_title: jobTitle ?? '',
  status: row.status,
  source: row.source,
  experience: decimal(row.experience),
  current_company: row.current_company ?? null,
  current_ctc: decimalOrNull(row.current_ctc),
  expected_ctc: decimalOrNull(row.expected_ctc),
  notice_period: intOrNull(row.notice_period),
  current_location: row.current_location ?? null,
  preferred_location: row.preferred_location ?? null,
  createdAt: isoTime(row.created_at),
  created_by: createdBy ?? null,
});

/** A count of candidates per status (`COUNT`, or `SUM` of kept counts, which is NULL over no rows). */
export interface CandidateStatusCount {
  status: CandidateStatus;
  n: DbInt | null;
}

/** A row of `candidate_history` with who made it and the job applied to, as the details read it. */
export interface CandidateHistoryRow {
  id: DbInt;
  candidate_id: DbInt;
  from_status: string | null;
  to_status: string;
  changed_by_id: DbInt | null;
  changed_at: DbTime;
  reason: string | null;
  stage: string | null;
  comments: string | null;
  kind: string | null;
  job_id: DbInt | null;
  resume_url: string | null;
  changed_by_username: string | null;
  changed_by_name: string | null;
  applied_job_title: string | null;
}

/** The history of status changes and rejections. */
export function toHistoryEntry(row: CandidateHistoryRow): CandidateHistoryEntry {
  return {
    id: int(row.id),
    from: row.from_status ?? null,
    to: row.to_status,
    changed_by: row.changed_by_username ?? null,
    changed_by_name: row.changed_by_name ?? null,
    changed_by_id: intOrNull(row.changed_by_id),
    at: isoTime(row.changed_at),
    reason: row.reason ?? null,
    stage: row.stage ?? null,
    comments: row.comments ?? null,
    kind: row.kind === 'application' ? 'application' : 'status',
    // An application on the careers page names its job (read with the entry as `applied_job_title`).
    note:
      row.kind === 'application'
        ? NOTIFICATION_MESSAGES.appliedFromCareers(row.applied_job_title ?? 'a job no longer listed')
        : null,
    job_id: intOrNull(row.job_id),
    resume_url: row.resume_url || null,
  };
}

/** A row of `candidate_changes` with the name of who made the change. */
export interface CandidateChangeRow {
  candidate_id: DbInt;
  version: DbInt;
  changed_by_id: DbInt | null;
  fields: DbJson;
  changed_at: DbTime;
  user_name: string | null;
  user_username: string | null;
}

/** One change since a version, as a 409 lists it. */
export const toCandidateChange = (row: Omit<CandidateChangeRow, 'candidate_id'>): CandidateChange => ({
  by: row.user_name || row.user_username || null,
  byId: intOrNull(row.changed_by_id),
  at: isoTime(row.changed_at),
  version: int(row.version),
  fields: parseJson<string[]>(row.fields, []),
});
