/**
 * The bulk import: each row checked on its own, duplicates found within the file and against the people
 * on file (a known person for another job is an application of theirs), the rest written in batches in one transaction, and a summary of what happened to each row.
 */
import type { Knex } from 'knex';
import { Compile } from 'typebox/compile';
import {
  CANDIDATE_DEFAULTS,
  CANDIDATE_MESSAGES as M,
  CANDIDATE_SOURCES,
  CANDIDATE_STATUSES,
  CandidateBulkRow,
  fieldErrors,
  registerFormats,
  unmatchedResumeFiles,
  type BulkResults,
  type BulkUploadAnswer,
  type CandidateCreate,
  type CandidateStatus,
  type LiveCandidate,
} from '@portal/contracts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { int } from '../../lib/rows.ts';
import { answersFor, jobQuestions, jobsByTitle, jobTitleOf, type GivenAnswers } from './bulk-jobs.ts';
import { toLiveCandidate, type CandidateRecordRow, type JobQuestionsRow } from './model.ts';
import { sourceOf, toColumns, type Columns } from './columns.ts';
import type { CandidateWrites } from './writes.ts';
import { knownPeople } from './bulk-people.ts';
import { toPersonColumns } from '../people/model.ts';

/** The job's columns a bulk import's records show. */
interface BulkJobRow extends JobQuestionsRow {
  title: string;
  type: string;
  city: string;
  state: string;
  interview_rounds: string | object | null;
}

/** The fields a row cannot do without, and what a row missing one is told. */
const REQUIRED = [
  { field: 'name', message: M.nameRequired },
  { field: 'email', message: M.emailRequired },
  { field: 'phone', message: M.phoneRequired },
] as const;

const BULK_NUMBERS = ['experience', 'current_ctc', 'expected_ctc', 'notice_period'] as const;

/** The row with each numeric field that is missing, null or blank set to 0. */
function withZeroNumbers(row: Record<string, unknown>): Record<string, unknown> {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (!BULK_NUMBERS.some((field) => blank(row[field]))) return row;
  const filled = { ...row };
  for (const field of BULK_NUMBERS) if (blank(filled[field])) filled[field] = 0;
  return filled;
}

/** The bulk row check, compiled once: a row that passes costs microseconds; only a failing one is described. */
registerFormats();
const bulkRowCheck = Compile(CandidateBulkRow);

/** A row that passed its own checks: its index in the file, its columns, and its answers as given. */
interface CheckedRow {
  index: number;
  columns: Columns & { status: string };
  answers?: GivenAnswers;
}
/** A row to be written: its index in the file and its columns, with the answers as stored. */
interface AcceptedRow {
  index: number;
  /** With `person_id` when the row names a person already on file. */
  columns: Columns & { status: string; job_answers: string | null; person_id?: number };
}

const labelOf = (row: Record<string, unknown>) => ({
  name: typeof row.name === 'string' ? row.name : '',
  email: typeof row.email === 'string' ? row.email : '',
});

/**
 * Each row checked on its own (its job named by title found, blank numbers as 0, the required fields, the
 * row's schema, status and source); a failing row is told in `results.errors`.
 */
function checkRows(
  rows: Record<string, unknown>[],
  jobByTitle: Map<string, number[]>,
  results: BulkResults,
): CheckedRow[] {
  const valid: CheckedRow[] = [];
  rows.forEach((given, index) => {
    const fail = (error: string) => void results.errors.push({ row: index + 1, ...labelOf(given), error });
    let raw = given;
    const title = jobTitleOf(given.job_id);
    if (title !== null) {
      const ids = jobByTitle.get(title.toLowerCase()) ?? [];
      if (ids.length === 0) return fail(M.jobTitleUnknown(title));
      if (ids.length > 1) return fail(M.jobTitleAmbiguous(title, ids));
      raw = { ...given, job_id: ids[0] };
    }
    // Numeric fields left out or blank count as 0, as the template's rows are read in the browser.
    raw = withZeroNumbers(raw);
    // A blank name, e-mail or phone is said as the form says it, before the row's other checks.
    const blank = REQUIRED.find(({ field }) => typeof raw[field] !== 'string' || !raw[field].trim());
    if (blank) return fail(blank.message);
    if (!bulkRowCheck.Check(raw)) {
      return fail(Object.values(fieldErrors(CandidateBulkRow, raw))[0] ?? M.noValidCandidates);
    }
    const row = raw as CandidateBulkRow;
    const status = (row.status?.trim().toLowerCase() || CANDIDATE_DEFAULTS.status) as CandidateStatus;
    if (!CANDIDATE_STATUSES.includes(status) || status === 'rejected') {
      return fail(`Status must be one of ${CANDIDATE_STATUSES.filter((s) => s !== 'rejected').join(', ')}`);
    }
    if (sourceOf(row.source) === null) return fail(`Source must be one of ${CANDIDATE_SOURCES.join(', ')}`);
    valid.push({
      index,
      // Object.assign onto the new columns, not a spread into another copy: a 50,000-row file's rows
      // are held once, not twice.
      columns: Object.assign(toColumns(row as Omit<CandidateCreate, 'status'>), { status }),
      ...(row.job_answers ? { answers: row.job_answers } : {}),
    });
  });
  return valid;
}

/**
 * The checked rows whose job exists and who are nobody already stored or earlier in the file (the same
 * e-mail or phone, the rule of a single add), with their answers to their job's questions; the others are
 * told in `results` as errors or duplicates.
 */
async function sortOut(db: Knex, valid: CheckedRow[], results: BulkResults): Promise<AcceptedRow[]> {
  // The jobs the rows name and the people already on file they name: side by side, each a batch at a
  // time (a 50,000-row file must not take every pooled connection).
  const [jobsFound, people] = await Promise.all([
    jobQuestions(db, [...new Set(valid.map((v) => v.columns.job_id))]),
    knownPeople(db, valid),
  ]);
  const seenEmails = new Set<string>();
  const seenPhones = new Set<string>();
  const accepted: AcceptedRow[] = [];
  for (const entry of valid) {
    const { columns } = entry;
    const who = { name: columns.name, email: columns.email, phone: columns.phone };
    const questions = jobsFound.get(columns.job_id);
    const known = people.personOf(columns);
    if (!questions) {
      results.errors.push({
        row: entry.index + 1,
        name: who.name,
        email: who.email,
        error: M.jobIdUnknown(columns.job_id),
      });
    } else if (known && people.isIn(int(known.person.id), columns.job_id)) {
      const error = known.field === 'email' ? M.duplicateEmail : M.duplicatePhone;
      results.duplicates.push({ row: entry.index + 1, ...who, error });
    } else if (seenEmails.has(columns.email) || (columns.phone_key && seenPhones.has(columns.phone_key))) {
      results.duplicates.push({ row: entry.index + 1, ...who, error: M.duplicateInFile });
    } else {
      seenEmails.add(columns.email);
      if (columns.phone_key) seenPhones.add(columns.phone_key);
      const job_answers = answersFor(questions, entry.answers);
      if (known) {
        // A person on file, for a job they are not in: an application of theirs, with their profile as
        // the firm keeps it (the sheet's own fields for them stay out of it).
        const personId = int(known.person.id);
        people.add(personId, columns.job_id);
        Object.assign(columns, toPersonColumns(known.person), {
          resume_url: columns.resume_url,
          person_id: personId,
        });
      }
      accepted.push({ index: entry.index, columns: Object.assign(columns, { job_answers }) });
    }
  }
  return accepted;
}

/** The answer: the rows' fates, the resumes no added candidate's name matched, and the summary line. */
function answerOf(results: BulkResults, resumeFiles: string[]): BulkUploadAnswer {
  results.errors.sort((a, b) => a.row - b.row);
  results.unmatchedFiles = unmatchedResumeFiles(
    results.success.map((s) => s.name),
    resumeFiles,
  );
  const added = results.success.length;
  const summary = M.bulkSummary(added, results.duplicates.length, results.errors.length);
  return {
    success: added > 0 || (results.errors.length === 0 && results.duplicates.length > 0),
    message: added > 0 ? `${M.bulkDone}: ${summary}` : summary,
    results,
  };
}

export function createCandidateBulkImport({
  db,
  inUnitOfWork,
  announceJobs,
  writes: { insertRows, actorNames },
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  writes: CandidateWrites;
}) {
  /**
   * Writes the accepted rows in one transaction, in parts (insertRows); each part's candidates are told
   * as lists show them, built from what was written (no read back), and added to `results.success`.
   */
  async function writeAccepted(accepted: AcceptedRow[], actor: Caller, results: BulkResults) {
    await inUnitOfWork(async (uow) => {
      const jobIds = [...new Set(accepted.map((a) => a.columns.job_id))];
      // The jobs' columns the records show and who added them, read once the jobs are locked (as the
      // first part is written).
      let jobOfId: Map<number, BulkJobRow> | undefined;
      const creator = await actorNames(uow.trx, actor);
      const now = new Date();
      // One object takes each candidate's columns in turn (toRecord copies what it reads into a new
      // record; every row names the same columns, toColumns' and the two added above): a merged copy
      // per candidate took twice the time and three times the memory.
      const columns = blankRecordRow(actor.id, creator, now);
      let k = 0;
      // The records are held until the end of the call (and by the live rooms' recovery a while after): what
      // is the same in many of them is one object, not one per candidate. Each is what toLiveRecord made
      // for the first record it stands in for: the job's columns, the time added, no answers, and the
      // questionnaire of a job's candidate who answered none (its questions, blank).
      const same = new Map<number, { job: LiveCandidate['job']; blank?: LiveCandidate['questionnaire'] }>();
      let added: string | undefined;
      let noAnswers: LiveCandidate['job_answers'] | undefined;
      await insertRows(
        uow,
        accepted.map((a) => a.columns),
        actor.id,
        async (part) => {
          const jobs: BulkJobRow[] = jobOfId
            ? []
            : await uow
                .trx('jobs')
                .whereIn('id', jobIds)
                .select('id', 'title', 'type', 'city', 'state', 'questions', 'interview_rounds');
          jobOfId ??= new Map(jobs.map((j) => [int(j.id), j]));
          for (const { id, uuid, personId, row } of part) {
            const job = jobOfId.get(row.job_id)!;
            Object.assign(columns, row);
            columns.id = id;
            columns.uuid = uuid;
            columns.person_id = personId;
            columns.job_title = job.title;
            columns.job_type = job.type;
            columns.job_city = job.city;
            columns.job_state = job.state;
            columns.job_questions = job.questions;
            columns.job_interview_rounds = job.interview_rounds;
            const record = toLiveCandidate(columns);
            let ofJob = same.get(row.job_id);
            if (ofJob) record.job = ofJob.job;
            else same.set(row.job_id, (ofJob = { job: record.job }));
            record.createdAt = record.updatedAt = added ??= record.createdAt;
            if (row.job_answers === null) {
              record.job_answers = noAnswers ??= record.job_answers;
              record.questionnaire = ofJob.blank ??= record.questionnaire;
            }
            uow.emit('candidate.created', record);
            results.success.push({
              row: accepted[k++]!.index + 1,
              name: row.name,
              email: row.email,
              id,
              uuid,
              ...(row.person_id !== undefined ? { note: M.addedToExistingPerson } : {}),
            });
          }
        },
      );
      // What is written is let go of: a large import's memory then holds its rows once while the outbox
      // makes the live messages.
      accepted.length = 0;
      await announceJobs(jobIds, uow);
    });
  }

  return {
    /**
     * Bulk add: every row checked on its own, duplicates found within the file and against the
     * database (the same rule as a single add), the rest inserted in batches in one transaction, their
     * events published after the commit.
     */
    async bulkUpload(
      rows: Record<string, unknown>[],
      actor: Caller,
      resumeFiles: string[] = [],
    ): Promise<BulkUploadAnswer> {
      const results: BulkResults = { success: [], duplicates: [], errors: [], unmatchedFiles: [] };
      const valid = checkRows(rows, await jobsByTitle(db, rows), results);
      const accepted = await sortOut(db, valid, results);
      // What is sorted out is let go of, as the written rows are once written (writeAccepted).
      valid.length = 0;
      if (accepted.length > 0) await writeAccepted(accepted, actor, results);
      return answerOf(results, resumeFiles);
    },
  };
}

/**
 * The one record row a bulk import's records are made from in turn (see `writeAccepted`): what every new
 * candidate holds before its own columns and its job's are copied in.
 */
function blankRecordRow(
  actorId: number,
  creator: { username: string | null; name: string | null },
  now: Date,
): CandidateRecordRow {
  return {
    id: 0,
    uuid: '',
    // A new person's one application.
    person_id: 0,
    applications_count: 1,
    name: '',
    email: '',
    phone: '',
    phone_key: null,
    experience: 0,
    job_id: 0,
    current_company: null,
    current_ctc: null,
    expected_ctc: null,
    notice_period: null,
    current_location: null,
    preferred_location: null,
    referred_by: null,
    notes: null,
    resume_url: null,
    image_url: null,
    current_round: null,
    job_answers: null,
    position: '',
    rejection_reason: null,
    rejection_details: null,
    shared_at: null,
    stage_entered_at: null,
    status: CANDIDATE_DEFAULTS.status,
    source: CANDIDATE_DEFAULTS.source,
    version: 1,
    shared_with_client: 0,
    created_by_id: actorId,
    created_by_username: creator.username,
    created_by_name: creator.name,
    created_at: now,
    updated_at: now,
    job_title: '',
    job_type: '',
    job_city: '',
    job_state: '',
    job_questions: '',
    job_interview_rounds: '',
  };
}
