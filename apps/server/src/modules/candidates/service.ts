/**
 * The candidates service as the routes, the careers pages and the bench call it: reading one candidate,
 * adding, editing, moving and rejecting, deleting, careers applications and attached files; the lists
 * (list.ts), the bulk import (bulk.ts) and sharing with a client (share.ts) are composed in here, on the
 * shared edit rule (access.ts) and writes (writes.ts).
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_DEFAULTS,
  CAREERS_SOURCE,
  CANDIDATE_MESSAGES as M,
  unansweredQuestions,
  answersChanged,
  type Candidate,
  type CandidateCreate,
  type CandidateDetails,
  type CandidateListQuery,
  type CandidateRejectBody,
  type CandidateStatus,
  type CandidateUpdate,
  type DuplicateCheckResult,
} from '@portal/contracts';
import { conflict, invalid } from '../../errors.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Mailer, QueuedMail } from '../../lib/mailer.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCandidate, toHistoryEntry, type CandidateHistoryRow } from './model.ts';
import { int } from '../../lib/rows.ts';
import { bumpCounts } from './counts.ts';
import { indexNames } from './search.ts';
import { toColumns } from './columns.ts';
import { createCandidateAccess } from './access.ts';
import { countedAs, createCandidateWrites } from './writes.ts';
import { placeInJob } from './positions.ts';
import { createCandidateLists } from './list.ts';
import { createCandidateBulkImport } from './bulk.ts';
import { createCandidateSharing } from './share.ts';
import { changedFields, recordCandidateChange } from './changes.ts';
import {
  applicationMail,
  createProfileApplications,
  withFreshReference,
  type ApplicationOutcome,
} from './applications.ts';
import type { CandidateNotifier } from '../notifications/service.ts';
import { createCandidatePipeline } from './pipeline.ts';
import { forgetCandidates, recountCandidates } from '../analytics/aggregates.ts';

export type { CandidateScope } from './list.ts';

export function createCandidateService({
  db,
  inUnitOfWork,
  mailer,
  announceJobs,
  notify,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  /** Queues `job.changed` for jobs whose candidate counts moved (the jobs service knows their summary). */
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  /** Tells the people concerned of a change, in its transaction (the notifications service). */
  notify: CandidateNotifier;
}) {
  const access = createCandidateAccess({ db });
  const { getCandidate, loadForWrite } = access;
  const writes = createCandidateWrites({ access, notify });
  const { recordOnProfile, listLinkedApplications } = createProfileApplications({ db, access, writes });
  const { findDuplicate, jobOf, rejectionOf, moveTo, insertRows } = writes;
  const lists = createCandidateLists({ db, access });
  const { list, exportCandidates } = lists;
  const { bulkUpload } = createCandidateBulkImport({ db, inUnitOfWork, announceJobs, writes });
  const { share, jobShares, candidateShares } = createCandidateSharing({
    db,
    inUnitOfWork,
    mailer,
    access,
    notify,
  });
  const pipeline = createCandidatePipeline({ db, inUnitOfWork, access, writes, lists });

  return {
    getCandidate: (ref: string, reader: Caller) => getCandidate(ref, reader),

    async getDetails(ref: string, reader: Caller): Promise<CandidateDetails> {
      const candidate = await getCandidate(ref, reader);
      const history: CandidateHistoryRow[] = await db('candidate_history as h')
        .leftJoin('users as u', 'u.id', 'h.changed_by_id')
        .leftJoin('jobs as aj', 'aj.id', 'h.job_id')
        .where('h.candidate_id', candidate.id)
        .orderBy('h.id', 'desc')
        .select(
          'h.*',
          'u.username as changed_by_username',
          'u.name as changed_by_name',
          'aj.title as applied_job_title',
        );
      return { ...candidate, history: history.map(toHistoryEntry) };
    },

    listCandidates: (query: CandidateListQuery, reader: Caller) => list(query, reader, { kind: 'all' }),
    listEmployeeCandidates: (query: CandidateListQuery, reader: Caller) =>
      list(query, reader, { kind: 'employee' }),
    async listJobCandidates(jobId: number, query: CandidateListQuery, reader: Caller) {
      return list(query, reader, { kind: 'job', jobId });
    },

    async checkDuplicate(input: {
      email?: string | undefined;
      phone?: string | undefined;
      name?: string | undefined;
      excludeId?: number | undefined;
    }): Promise<DuplicateCheckResult> {
      const duplicate = await findDuplicate(db, input.email ?? '', input.phone ?? '', input.excludeId);
      return duplicate ? { isDuplicate: true, ...duplicate } : { isDuplicate: false, message: '' };
    },

    async createCandidate(input: CandidateCreate, actor: Caller, outer?: UnitOfWork): Promise<Candidate> {
      if (input.status === 'rejected') throw invalid(M.useRejectDialog);
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const columns = toColumns(input);
        const job = await jobOf(trx, columns.job_id);
        if (unansweredQuestions(job.questions, input.job_answers).length > 0) throw invalid(M.answerRequired);
        const duplicate = await findDuplicate(trx, columns.email, columns.phone);
        if (duplicate) throw conflict(duplicate.message, { field: duplicate.field });
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
    async updateCandidate(ref: string, input: CandidateUpdate, actor: Caller, outer?: UnitOfWork) {
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const row = await loadForWrite(trx, ref, actor, M.noEditPermission, input.version, 'edit');
        const id = int(row.id);
        // The row as locked, without its job's columns: only the candidate's own fields are read.
        const stored = toCandidate(row, true);
        const merged = {
          name: input.name ?? stored.name,
          email: input.email ?? stored.email,
          phone: input.phone ?? stored.phone,
          experience: input.experience ?? stored.experience,
          current_company:
            input.current_company !== undefined ? input.current_company : stored.current_company,
          current_ctc: input.current_ctc !== undefined ? input.current_ctc : stored.current_ctc,
          expected_ctc: input.expected_ctc !== undefined ? input.expected_ctc : stored.expected_ctc,
          notice_period: input.notice_period !== undefined ? input.notice_period : stored.notice_period,
          current_location:
            input.current_location !== undefined ? input.current_location : stored.current_location,
          preferred_location:
            input.preferred_location !== undefined ? input.preferred_location : stored.preferred_location,
          job_id: input.job_id ?? stored.job_id,
          source: input.source ?? (stored.source as CandidateCreate['source']),
          referred_by: input.referred_by !== undefined ? input.referred_by : stored.referred_by,
          notes: input.notes !== undefined ? input.notes : stored.notes,
          resume_url: input.resume_url !== undefined ? input.resume_url : stored.resume_url,
          image_url: input.image_url !== undefined ? input.image_url : stored.image_url,
        };
        const columns = toColumns(merged);
        const answers = input.job_answers ?? stored.job_answers;
        // Answers are asked of whoever gives them or moves the candidate to another job; an edit that keeps
        // the job and the answers (the phone of an imported candidate who was never asked) needs none.
        if (columns.job_id !== stored.job_id || answersChanged(stored.job_answers, input.job_answers)) {
          const job = await jobOf(trx, columns.job_id);
          if (unansweredQuestions(job.questions, answers).length > 0) throw invalid(M.answerRequired);
        }
        if (columns.email !== row.email || columns.phone_key !== row.phone_key) {
          const duplicate = await findDuplicate(trx, columns.email, columns.phone, id);
          if (duplicate) throw conflict(duplicate.message, { field: duplicate.field });
        }
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
      }, outer);
    },

    async changeStatus(ref: string, status: CandidateStatus, actor: Caller, version?: number) {
      if (status === 'rejected') throw invalid(M.useRejectDialog);
      return inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.noStatusPermission, version);
        if (row.status === 'rejected') throw invalid(M.alreadyRejected);
        if (row.status === status) return getCandidate(row.uuid, actor, uow.trx);
        return moveTo(uow, row, status, actor);
      });
    },

    /** Rejecting needs reason, stage and comments; who and when come from the session and the clock. */
    async reject(ref: string, body: CandidateRejectBody, actor: Caller) {
      return inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.rejectFailed, body.version);
        if (row.status === 'rejected') throw invalid(M.alreadyRejected);
        const details = await rejectionOf(uow.trx, actor, body.rejection_details, new Date());
        return moveTo(uow, row, 'rejected', actor, {
          columns: { rejection_reason: details.reason, rejection_details: JSON.stringify(details) },
          reason: details.reason,
          stage: details.stage,
          comments: details.comments,
        });
      });
    },

    async deleteCandidate(ref: string, actor: Caller): Promise<void> {
      await inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.noDeletePermission);
        const was = countedAs(row);
        await forgetCandidates(uow.trx, [was.id]);
        await uow.trx('candidate_history').where({ candidate_id: row.id }).delete();
        await uow.trx('candidate_words').where({ candidate_id: row.id }).delete();
        await uow.trx('candidates').where({ id: row.id }).delete();
        await bumpCounts(uow.trx, [{ ...was, n: -1 }]);
        uow.emit('candidate.deleted', { candidateId: was.id, uuid: row.uuid, jobId: was.job_id });
        await announceJobs([was.job_id], uow);
      });
    },

    /**
     * An application from the careers pages (no account): stored as applied with the careers source; when
     * the one duplicate rule finds the person already on file, recorded on their existing profile instead
     * (its fields, photo and resume are left as they are; the resume sent stays with that entry). Either
     * way it gets a reference, and one e-mail to the address given, queued in the same transaction and
     * sent after it commits, says what happened: the caller's answer is the same for both.
     */
    async createApplication(
      input: {
        name: string;
        email: string;
        phone: string;
        experience: number | null;
        current_company: string | null;
        current_ctc: number | null;
        expected_ctc: number | null;
        notice_period: number | null;
        current_location: string | null;
        preferred_location: string | null;
        resume_url: string;
        /** The answers to the job's questions, checked against them (careers' applicantAnswers). */
        job_answers: Record<string, string> | null;
      },
      job: { id: number; title: string },
      outer?: UnitOfWork,
    ): Promise<{ outcome: ApplicationOutcome; reference: string }> {
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const jobId = job.id;
        const { job_answers: answers, ...fields } = input;
        const columns = {
          ...toColumns({ ...fields, experience: input.experience ?? 0, job_id: jobId }),
          // The careers pages are a source of their own, beside the form's choices.
          source: CAREERS_SOURCE,
        };
        const existing = await findDuplicate(trx, columns.email, columns.phone);
        let recorded: { outcome: ApplicationOutcome; reference: string };
        if (existing) {
          recorded = await recordOnProfile(uow, existing, jobId, input.resume_url);
        } else {
          const [inserted] = await insertRows(uow, [{ ...columns, status: CANDIDATE_DEFAULTS.status }], null);
          // Stored as the staff's form stores them, so the recruiter reads them on the candidate.
          if (answers) {
            await trx('candidates')
              .where({ id: inserted!.id })
              .update({ job_answers: JSON.stringify(answers) });
          }
          const reference = await withFreshReference(async (drawn) => {
            await trx('candidates').where({ id: inserted!.id }).update({ application_reference: drawn });
            return drawn;
          });
          const candidate = await getCandidate(String(inserted!.id), { id: 0, role: 'admin' }, trx);
          emit('candidate.created', candidate);
          await announceJobs([jobId], uow);
          recorded = { outcome: 'new', reference };
        }
        // Only a profile found by this very address is told so; an address matched through someone
        // else's phone gets what a new applicant gets, so that the mail tells no one of another person.
        const told = existing?.field === 'email' ? recorded.outcome : 'new';
        const mail: QueuedMail = await mailer.queue(
          trx,
          applicationMail(input.email.trim(), told, job.title, recorded.reference),
          null,
        );
        // The answer does not wait for the mail server: the same answer, as soon, whatever the address.
        uow.afterCommit(() => void mailer.dispatch([mail]));
        return recorded;
      }, outer);
    },
    /** Attaches a stored file (resume or photo) to the candidate. */
    async attachFile(ref: string, column: 'resume_url' | 'image_url', url: string, actor: Caller) {
      return inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.noEditPermission);
        await uow
          .trx('candidates')
          .where({ id: row.id })
          .update({ [column]: url, updated_at: new Date(), version: uow.trx.raw('version + 1') });
        await recordCandidateChange(uow.trx, int(row.id), actor.id, [column]);
        const candidate = await getCandidate(row.uuid, actor, uow.trx);
        uow.emit('candidate.updated', candidate);
        await notify.candidateChanged(uow, { candidateId: candidate.id, actorId: actor.id });
        return candidate;
      });
    },

    listLinkedApplications,
    exportCandidates,
    assertMayEdit: access.assertMayEdit,
    bulkUpload,
    share,
    jobShares,
    candidateShares,
    ...pipeline,
  };
}
export type CandidateService = ReturnType<typeof createCandidateService>;
