/** A candidate's status changes, its rejection and its deletion, each in one unit of work. */
import { CANDIDATE_MESSAGES as M, type CandidateRejectBody, type CandidateStatus } from '@portal/contracts';
import { invalid } from '../../errors.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { bumpCounts } from './counts.ts';
import type { CandidateAccess } from './access.ts';
import { countedAs, type CandidateWrites } from './writes.ts';
import { forgetCandidates } from '../analytics/aggregates.ts';

export function createCandidateStatusChanges({
  inUnitOfWork,
  announceJobs,
  access,
  writes,
}: {
  inUnitOfWork: InUnitOfWork;
  /** Queues `job.changed` for jobs whose candidate counts moved (the jobs service knows their summary). */
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  access: CandidateAccess;
  writes: CandidateWrites;
}) {
  const { getCandidate, loadForWrite } = access;
  const { rejectionOf, moveTo } = writes;

  return {
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
        // A person is kept while they have an application; their last one deleted, they go with it.
        const other = await uow.trx('candidates').where({ person_id: row.person_id }).first('id');
        if (!other) await uow.trx('people').where({ id: row.person_id }).delete();
        await bumpCounts(uow.trx, [{ ...was, n: -1 }]);
        uow.emit('candidate.deleted', { candidateId: was.id, uuid: row.uuid, jobId: was.job_id });
        await announceJobs([was.job_id], uow);
      });
    },
  };
}
