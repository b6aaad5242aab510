/**
 * The candidates service as the routes, the careers pages and the bench call it: reading one candidate,
 * adding, editing, moving and rejecting, deleting, careers applications and attached files; the lists
 * (list.ts), the bulk import (bulk.ts) and sharing with a client (share.ts) are composed in here, on the
 * shared edit rule (access.ts) and writes (writes.ts).
 */
import type { Knex } from 'knex';
import { type CandidateDetails, type CandidateListQuery, type DuplicateCheckResult } from '@portal/contracts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Caller } from '../../lib/caller.ts';
import { toHistoryEntry, type CandidateHistoryRow, type CandidateRow } from './model.ts';
import { int } from '../../lib/rows.ts';
import { applicationsOf } from '../people/store.ts';
import { createCandidateAccess } from './access.ts';
import { createCandidateWrites } from './writes.ts';
import { createCandidateLists } from './list.ts';
import { createCandidateBulkImport } from './bulk.ts';
import { createCandidateSharing, type ShareReviewLinks } from './share.ts';
import { createCareersApplications, createProfileApplications } from './applications.ts';
import type { CandidateNotifier } from '../notifications/service.ts';
import { createCandidatePipeline } from './pipeline.ts';
import { createCandidateEdits } from './edits.ts';
import { createPersonMirror } from './person-mirror.ts';
import { createPersonApplications } from './person-applications.ts';
import { createCandidateStatusChanges } from './status-changes.ts';

export type { CandidateScope } from './list.ts';

export function createCandidateService({
  db,
  inUnitOfWork,
  mailer,
  announceJobs,
  notify,
  reviews,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  /** The recipients and review links of a shared shortlist (the reviews service). */
  reviews: ShareReviewLinks;
  /** Queues `job.changed` for jobs whose candidate counts moved (the jobs service knows their summary). */
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  /** Tells the people concerned of a change, in its transaction (the notifications service). */
  notify: CandidateNotifier;
}) {
  const access = createCandidateAccess({ db });
  const { getCandidate } = access;
  const writes = createCandidateWrites({ access, notify });
  const { recordOnProfile } = createProfileApplications({ access, writes });
  const { findDuplicate } = writes;
  const lists = createCandidateLists({ db, access });
  const { list, exportCandidates } = lists;
  const { bulkUpload } = createCandidateBulkImport({ db, inUnitOfWork, announceJobs, writes });
  const { share, jobShares, candidateShares } = createCandidateSharing({
    db,
    inUnitOfWork,
    mailer,
    access,
    notify,
    reviews,
  });
  const pipeline = createCandidatePipeline({ db, inUnitOfWork, access, writes, lists });

  const mirror = createPersonMirror({ access, writes });
  const edits = createCandidateEdits({ db, inUnitOfWork, announceJobs, notify, access, writes, mirror });
  const personApplications = createPersonApplications({ inUnitOfWork, announceJobs, access, writes });
  const statusChanges = createCandidateStatusChanges({ inUnitOfWork, announceJobs, access, writes });
  const { createApplication } = createCareersApplications({
    inUnitOfWork,
    mailer,
    announceJobs,
    access,
    writes,
    recordOnProfile,
  });

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
      const applications = await applicationsOf(db, candidate.person_id);
      return { ...candidate, history: history.map(toHistoryEntry), applications };
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
      // On edit the candidate's own person is not their duplicate (their other applications share both).
      const excluded: Pick<CandidateRow, 'person_id'> | undefined =
        input.excludeId === undefined
          ? undefined
          : await db<CandidateRow>('candidates').where({ id: input.excludeId }).first('person_id');
      const duplicate = await findDuplicate(
        db,
        input.email ?? '',
        input.phone ?? '',
        excluded ? int(excluded.person_id) : undefined,
      );
      if (!duplicate) return { isDuplicate: false, message: '' };
      const { message, field, personId, personName, applications } = duplicate;
      return { isDuplicate: true, message, field, personId, personName, applications };
    },

    ...edits,
    ...statusChanges,
    ...personApplications,
    /** What the people service needs of applications: reading them, and the one path a person's fields take. */
    forPeople: { findCandidates: access.findCandidates, mirror: mirror.mirror, rewrite: mirror.rewrite },
    createApplication,
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
