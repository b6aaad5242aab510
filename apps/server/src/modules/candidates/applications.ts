/**
 * A careers application from a person already on file (the duplicate rule matched their e-mail or phone):
 * nothing of their profile is overwritten, and nothing is dropped either. The application is recorded on
 * the existing profile as a history entry naming the job applied to and keeping the resume sent with it;
 * the profile's job room hears the candidate changed, and the people of both jobs are notified.
 */
import type { Knex } from 'knex';
import type { ApplicationAnswer, LinkedApplication } from '@portal/contracts';
import { toIsoString } from '../../lib/dates.ts';
import type { UnitOfWork } from '../../events.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';

/** The reader the careers pages act as when they read a candidate back (no account applies). */
const SYSTEM_READER = { id: 0, role: 'admin' } as const;

/** How many linked applications a job's Candidates tab lists (the newest). */
const LINKED_LIMIT = 100;

export function createProfileApplications({
  db,
  access: { getCandidate },
  writes: { recordHistory, notify },
}: {
  db: Knex;
  access: CandidateAccess;
  writes: CandidateWrites;
}) {
  return {
    /** The job's applications recorded on profiles that belong to other jobs, newest first, one per person. */
    async listLinkedApplications(jobId: number): Promise<LinkedApplication[]> {
      const rows = (await db('candidate_history as h')
        .join('candidates as c', 'c.id', 'h.candidate_id')
        .join('jobs as pj', 'pj.id', 'c.job_id')
        .where({ 'h.job_id': jobId, 'h.kind': 'application' })
        .whereNot('c.job_id', jobId)
        .orderBy('h.id', 'desc')
        .limit(LINKED_LIMIT)
        .select(
          'h.id',
          'h.changed_at',
          'h.resume_url',
          'c.id as candidate_id',
          'c.uuid',
          'c.name',
          'c.email',
          'c.job_id',
          'pj.title',
        )) as Record<string, unknown>[];
      const seen = new Set<number>();
      return rows.flatMap((r) => {
        const candidateId = Number(r.candidate_id);
        if (seen.has(candidateId)) return [];
        seen.add(candidateId);
        return [
          {
            historyId: Number(r.id),
            candidateId,
            uuid: String(r.uuid),
            name: String(r.name),
            email: String(r.email),
            profileJobId: Number(r.job_id),
            profileJobTitle: String(r.title),
            appliedAt: toIsoString(r.changed_at),
            resume_url: r.resume_url ? String(r.resume_url) : null,
          },
        ];
      });
    },

    /** Records the application on the profile; says whether it was for the profile's own job again. */
    async recordOnProfile(
      uow: UnitOfWork,
      existing: { candidateId: number; jobId: number },
      jobId: number,
      resumeUrl: string | null,
    ): Promise<Exclude<ApplicationAnswer['outcome'], 'new' | undefined>> {
      const { trx, emit } = uow;
      const row = (await trx('candidates')
        .where({ id: existing.candidateId })
        .forUpdate()
        .first('status')) as { status: string } | undefined;
      const status = String(row?.status ?? 'applied');
      await recordHistory(trx, [
        {
          candidate_id: existing.candidateId,
          from_status: status,
          to_status: status,
          changed_by_id: null,
          kind: 'application',
          job_id: jobId,
          resume_url: resumeUrl,
        },
      ]);
      // The profile's fields are as they were (its version too, so no one's edit is refused for this);
      // screens showing it read its history again.
      emit('candidate.updated', {
        ...(await getCandidate(String(existing.candidateId), SYSTEM_READER, trx)),
        canEdit: false,
      });
      await notify.applicationRecorded(uow, { candidateId: existing.candidateId, jobId });
      return existing.jobId === jobId ? 'applied_again' : 'added_to_profile';
    },
  };
}
