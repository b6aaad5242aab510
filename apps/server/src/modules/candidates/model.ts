import { Model } from 'objection';
import {
  NOTIFICATION_MESSAGES,
  type Candidate,
  type CandidateHistoryEntry,
  type CandidateStatus,
  type LiveCandidate,
  type RejectionDetails,
} from '@portal/contracts';
import { toIsoString } from '../../lib/dates.ts';

type Row = Record<string, unknown>;

const parseJson = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return JSON.parse(String(value)) as T;
  } catch {
    return fallback;
  }
};

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Stored rejection details; those stored before names were kept beside usernames say no name. */
const rejectionDetailsOf = (value: unknown): RejectionDetails | null => {
  const details = parseJson<RejectionDetails | null>(value, null);
  return details && { ...details, rejected_by_name: details.rejected_by_name ?? null };
};

/**
 * The candidates table and the one mapping between its rows and the `Candidate` record: JSON columns
 * (answers, rejection details), decimals (MySQL hands them over as text), booleans (SQLite as 0/1), dates.
 * Rows come from `selectCandidates`, with the job's and the creator's columns joined.
 */
export class CandidateModel extends Model {
  static override tableName = 'candidates';

  /** The columns `toRecord` reads beyond the candidate's own: the job's and who created it. */
  static readonly joinedColumns = [
    'j.title as job_title',
    'j.type as job_type',
    'j.city as job_city',
    'j.state as job_state',
    'j.questions as job_questions',
    'j.interview_rounds as job_interview_rounds',
    'u.username as created_by_username',
    'u.name as created_by_name',
  ];

  static toRecord(row: Row, canEdit: boolean): Candidate {
    const record = CandidateModel.toLiveRecord(row) as Candidate;
    record.canEdit = canEdit;
    return record;
  }

  /** The record as every reader may see it: without `canEdit` (a live message, made for a whole room). */
  static toLiveRecord(row: Row): LiveCandidate {
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
    const status = String(row.status) as CandidateStatus;
    const expected = numberOrNull(row.expected_ctc);
    return {
      id: Number(row.id),
      uuid: String(row.uuid),
      name: String(row.name),
      email: String(row.email),
      phone: String(row.phone),
      experience: Number(row.experience),
      current_company: textOrNull(row.current_company),
      current_ctc: numberOrNull(row.current_ctc),
      expected_ctc: expected,
      expected_salary: expected,
      notice_period: numberOrNull(row.notice_period),
      current_location: textOrNull(row.current_location),
      preferred_location: textOrNull(row.preferred_location),
      job_id: Number(row.job_id),
      job: {
        id: Number(row.job_id),
        title: String(row.job_title ?? ''),
        type: String(row.job_type ?? ''),
        city: String(row.job_city ?? ''),
        state: String(row.job_state ?? ''),
        interviewRounds: parseJson<string[]>(row.job_interview_rounds, []),
      },
      status,
      application_status: status,
      source: String(row.source),
      referred_by: textOrNull(row.referred_by),
      notes: textOrNull(row.notes),
      resume_url: textOrNull(row.resume_url) || null,
      image_url: textOrNull(row.image_url) || null,
      current_round: textOrNull(row.current_round),
      job_answers: answers,
      questionnaire,
      rejection_reason: textOrNull(row.rejection_reason),
      rejection_details: rejectionDetailsOf(row.rejection_details),
      shared_with_client: Boolean(Number(row.shared_with_client)),
      shared_at: row.shared_at ? toIsoString(row.shared_at) : null,
      created_by: textOrNull(row.created_by_username),
      created_by_name: textOrNull(row.created_by_name),
      created_by_id: numberOrNull(row.created_by_id),
      createdAt: toIsoString(row.created_at),
      updatedAt: toIsoString(row.updated_at),
      version: Number(row.version),
    };
  }
}

/** The history of status changes and rejections. */
export class CandidateHistoryModel extends Model {
  static override tableName = 'candidate_history';

  static toRecord(row: Row): CandidateHistoryEntry {
    return {
      id: Number(row.id),
      from: textOrNull(row.from_status),
      to: String(row.to_status),
      changed_by: textOrNull(row.changed_by_username),
      changed_by_name: textOrNull(row.changed_by_name),
      changed_by_id: numberOrNull(row.changed_by_id),
      at: toIsoString(row.changed_at),
      reason: textOrNull(row.reason),
      stage: textOrNull(row.stage),
      comments: textOrNull(row.comments),
      kind: row.kind === 'application' ? 'application' : 'status',
      // An application on the careers page names its job (read with the entry as `applied_job_title`).
      note:
        row.kind === 'application'
          ? NOTIFICATION_MESSAGES.appliedFromCareers(
              textOrNull(row.applied_job_title) ?? 'a job no longer listed',
            )
          : null,
      job_id: numberOrNull(row.job_id),
      resume_url: textOrNull(row.resume_url) || null,
    };
  }
}
