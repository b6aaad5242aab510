/**
 * Adding and editing a candidate from the staff's form, and attaching a stored file: each in one unit of
 * work, on the shared write guard (access.ts) and writes (writes.ts).
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_DEFAULTS,
  CANDIDATE_MESSAGES as M,
  unansweredQuestions,
  answersChanged,
  type Candidate,
  type CandidateCreate,
  type CandidateUpdate,
} from '@portal/contracts';
import { conflict, invalid } from '../../errors.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { int } from '../../lib/rows.ts';
import { toCandidate } from './model.ts';
import { bumpCounts } from './counts.ts';
import { indexNames } from './search.ts';
import { toColumns, type Columns } from './columns.ts';
import type { CandidateAccess } from './access.ts';
import { countedAs, type CandidateWrites } from './writes.ts';
import { placeInJob } from './positions.ts';
import { changedFields, recordCandidateChange } from './changes.ts';
import type { CandidateNotifier } from '../notifications/service.ts';
import { recountCandidates } from '../analytics/aggregates.ts';
import { lockPersonFirst, personChanges, personOf, type PersonMirror } from './person-mirror.ts';
import type { Duplicate } from './writes.ts';
import type { CandidateRow } from './model.ts';

/** The 409 of a duplicate: the rule's message, the field, and the person found with their applications. */
const duplicateConflict = ({ message, field, personId, personName, applications }: Duplicate) =>
  conflict(message, { field, personId, personName, applications });

/** 409 when the person already has an application in the job (one per person and job). */
async function assertNotInJob(trx: Knex.Transaction, row: CandidateRow, jobId: number): Promise<void> {
  const other: { job_title: string } | undefined = await trx('candidates as c')
    .join('jobs as j', 'j.id', 'c.job_id')
    .where({ 'c.person_id': row.person_id, 'c.job_id': jobId })
    .whereNot('c.id', row.id)
    .first('j.title as job_title');
  if (other) throw conflict(M.alreadyInJob(row.name, other.job_title), { field: 'job_id' });
}

/**
 * An edit keeps a person one: no one else's e-mail or phone, and one application of theirs per job.
 */
async function assertOnePerson(
  trx: Knex.Transaction,
  findDuplicate: CandidateWrites['findDuplicate'],
  row: CandidateRow,
  columns: Columns,
): Promise<void> {
  if (columns.email !== row.email || columns.phone_key !== row.phone_key) {
    const duplicate = await findDuplicate(trx, columns.email, columns.phone, int(row.person_id));
    if (duplicate) throw duplicateConflict(duplicate);
  }
  if (columns.job_id !== int(row.job_id)) await assertNotInJob(trx, row, columns.job_id);
}

/** The form's fields after an edit: those sent replace the stored ones, the rest stay. */
function mergedForm(input: CandidateUpdate, stored: Candidate) {
  return {
    name: input.name ?? stored.name,
    email: input.email ?? stored.email,
    phone: input.phone ?? stored.phone,
    experience: input.experience ?? stored.experience,
    current_company: input.current_company !== undefined ? input.current_company : stored.current_company,
    current_ctc: input.current_ctc !== undefined ? input.current_ctc : stored.current_ctc,
    expected_ctc: input.expected_ctc !== undefined ? input.expected_ctc : stored.expected_ctc,
    notice_period: input.notice_period !== undefined ? input.notice_period : stored.notice_period,
    current_location: input.current_location !== undefined ? input.current_location : stored.current_location,
    preferred_location:
      input.preferred_location !== undefined ? input.preferred_location : stored.preferred_location,
    job_id: input.job_id ?? stored.job_id,
    source: input.source ?? (stored.source as CandidateCreate['source']),
    referred_by: input.referred_by !== undefined ? input.referred_by : stored.referred_by,
    notes: input.notes !== undefined ? input.notes : stored.notes,
    resume_url: input.resume_url !== undefined ? input.resume_url : stored.resume_url,
    image_url: input.image_url !== undefined ? input.image_url : stored.image_url,
  };
}

export function createCandidateEdits({
  db,
  inUnitOfWork,
  announceJobs,
  notify,
  access,
  writes,
  mirror,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  /** Queues `job.changed` for jobs whose candidate counts moved (the jobs service knows their summary). */
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  /** Tells the people concerned of a change, in its transaction (the notifications service). */
  notify: CandidateNotifier;
  access: CandidateAccess;
  writes: CandidateWrites;
  mirror: PersonMirror;
}) {
  const { getCandidate, loadForWrite } = access;
  const { findDuplicate, jobOf, moveTo, insertRows } = writes;

  return {
    async createCandidate(input: CandidateCreate, actor: Caller, outer?: UnitOfWork): Promise<Candidate> {
      if (input.status === 'rejected') throw invalid(M.useRejectDialog);
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const columns = toColumns(input);
        const job = await jobOf(trx, columns.job_id);
        if (unansweredQuestions(job.questions, input.job_answers).length > 0) throw invalid(M.answerRequired);
        const duplicate = await findDuplicate(trx, columns.email, columns.phone);
        if (duplicate) throw duplicateConflict(duplicate);
        const status = input.status ?? CANDIDATE_DEFAULTS.status;
        const [inserted] = await insertRows(uow, [{ ...columns, status }], actor.id);
        const id = inserted!.id;
        if (input.job_answers) {
          await trx('candidates')
            .where({ id })
            .update({ job_answers: JSON.stringify(input.job_answers) });
        }
        const candidate = await getCandidate(String(id), actor, trx);
        emit('candidate.created', candidate);
        await announceJobs([candidate.job_id], uow);
        return candidate;
      }, outer);
    },

    /**
     * PUT / PATCH: the fields sent replace the stored ones; the rest stay. The merged candidate must
     * pass the create rules (answers for the job's questions when the job or the answers change).
     */
    async updateCandidate(ref: string, input: CandidateUpdate, actor: Caller) {
      const personId = await personOf(db, ref);
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        // The person first: an edit through another of their applications waits here, not in a circle.
        await lockPersonFirst(trx, personId);
        const row = await loadForWrite(trx, ref, actor, M.noEditPermission, input.version, 'edit');
        const id = int(row.id);
        // The row as locked, without its job's columns: only the candidate's own fields are read.
        const stored = toCandidate(row, true);
        const merged = mergedForm(input, stored);
        const columns = toColumns(merged);
        const answers = input.job_answers ?? stored.job_answers;
        // Answers are asked of whoever gives them or moves the candidate to another job; an edit that keeps
        // the job and the answers (the phone of an imported candidate who was never asked) needs none.
        if (columns.job_id !== stored.job_id || answersChanged(stored.job_answers, input.job_answers)) {
          const job = await jobOf(trx, columns.job_id);
          if (unansweredQuestions(job.questions, answers).length > 0) throw invalid(M.answerRequired);
        }
        await assertOnePerson(trx, findDuplicate, row, columns);
        if (columns.name !== row.name) {
          await trx('candidate_words').where({ candidate_id: id }).delete();
          await indexNames(trx, [{ id, name: columns.name }]);
        }
        const toStatus = input.status && input.status !== row.status ? input.status : null;
        if (toStatus === 'rejected') throw invalid(M.useRejectDialog);
        if (toStatus && row.status === 'rejected') throw invalid(M.alreadyRejected);
        await trx('candidates')
          .where({ id })
          .update({
            ...columns,
            job_answers: JSON.stringify(answers),
            updated_at: new Date(),
            version: trx.raw('version + 1'),
          });
        await recordCandidateChange(
          trx,
          id,
          actor.id,
          changedFields(row, { ...columns, job_answers: answers }),
        );
        await mirror.mirror(uow, {
          personId: int(row.person_id),
          applicationId: id,
          changed: personChanges(row, columns),
          personOnly: columns.resume_url !== row.resume_url ? { resume_url: columns.resume_url } : {},
          actor,
        });
        // Counted by job and source: a move between them moves the count (a status change below moves it too).
        const was = countedAs(row);
        await bumpCounts(trx, [
          { ...was, n: -1 },
          { ...was, job_id: columns.job_id, source: columns.source, n: 1 },
        ]);
        if (!toStatus && (was.job_id !== columns.job_id || was.source !== columns.source))
          await recountCandidates(trx, [id]);
        const moved = { ...row, job_id: columns.job_id, source: columns.source };
        if (!toStatus && moved.job_id !== stored.job_id) await placeInJob(trx, id, moved.job_id, row.status);
        const candidate = toStatus
          ? await moveTo(uow, moved, toStatus, actor)
          : await getCandidate(String(id), actor, trx);
        if (!toStatus) await notify.candidateChanged(uow, { candidateId: id, actorId: actor.id });
        emit('candidate.updated', candidate);
        if (columns.job_id !== stored.job_id) {
          await announceJobs([stored.job_id, columns.job_id], uow);
        }
        return candidate;
      });
    },

    /** Attaches a stored file (resume or photo) to the candidate. */
    async attachFile(ref: string, column: 'resume_url' | 'image_url', url: string, actor: Caller) {
      const personId = await personOf(db, ref);
      return inUnitOfWork(async (uow) => {
        await lockPersonFirst(uow.trx, personId);
        const row = await loadForWrite(uow.trx, ref, actor, M.noEditPermission);
        await uow
          .trx('candidates')
          .where({ id: row.id })
          .update({ [column]: url, updated_at: new Date(), version: uow.trx.raw('version + 1') });
        await recordCandidateChange(uow.trx, int(row.id), actor.id, [column]);
        // A photo is the person's; a resume attached here is this application's and the person's latest.
        await mirror.mirror(uow, {
          personId: int(row.person_id),
          applicationId: int(row.id),
          changed: column === 'image_url' ? { image_url: url } : {},
          personOnly: column === 'resume_url' ? { resume_url: url } : {},
          actor,
        });
        const candidate = await getCandidate(row.uuid, actor, uow.trx);
        uow.emit('candidate.updated', candidate);
        await notify.candidateChanged(uow, { candidateId: candidate.id, actorId: actor.id });
        return candidate;
      });
    },
  };
}
