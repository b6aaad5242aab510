/**
 * A careers application from a person already on file (the duplicate rule matched their e-mail or phone):
 * nothing of their profile is overwritten, and nothing is dropped either. The application is recorded on
 * the existing profile as a history entry naming the job applied to and keeping the resume sent with it;
 * the profile's job room hears the candidate changed, and the people of both jobs are notified.
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { APPLICATION_MAILS, APPLICATION_REFERENCE, type LinkedApplication } from '@portal/contracts';
import { int } from '../../lib/rows.ts';
import { toLinkedApplication, type LinkedApplicationRow, type CandidateRow } from './model.ts';
import type { Mail } from '../../lib/mailer.ts';
import { withFreshId } from '../../db/fresh-ids.ts';
import type { UnitOfWork } from '../../events.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';

/** The reader the careers pages act as when they read a candidate back (no account applies). */
const SYSTEM_READER = { id: 0, role: 'admin' } as const;

/**
 * What became of a careers application: a new candidate, an application added to the profile of a person
 * already on file for another job, or for the same job again. Only the e-mail to the address says it.
 */
export type ApplicationOutcome = 'new' | 'added_to_profile' | 'applied_again';

/** Draws of a reference before giving up: with 29^8 references, even the second is rarely needed. */
const REFERENCE_ATTEMPTS = 5;

/** A careers application's reference, "7KQX-M3TP": random characters of an alphabet meant for reading out. */
export function newApplicationReference(): string {
  const { alphabet, groups, groupLength } = APPLICATION_REFERENCE;
  const group = () =>
    Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: groups }, group).join('-');
}

/** Runs `write` with a fresh reference until the unique index (of the table it writes) takes one. */
export const withFreshReference = <T>(write: (reference: string) => Promise<T>) =>
  withFreshId(newApplicationReference, write, {
    attempts: REFERENCE_ATTEMPTS,
    exhausted: () => new Error('no free application reference'),
  });

/**
 * The e-mail telling the address an application gave what became of it. `told` is what that address may
 * know: an address the firm does not hold is told `new` even when the phone matched someone's profile.
 */
export function applicationMail(to: string, told: ApplicationOutcome, job: string, reference: string): Mail {
  const text =
    told === 'added_to_profile'
      ? APPLICATION_MAILS.addedToProfile(job, reference)
      : told === 'applied_again'
        ? APPLICATION_MAILS.appliedAgain(job, reference)
        : APPLICATION_MAILS.received(job, reference);
  return { to, subject: APPLICATION_MAILS.subject(job), text };
}

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
      const rows: LinkedApplicationRow[] = await db('candidate_history as h')
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
        );
      const seen = new Set<number>();
      return rows.flatMap((r) => {
        const candidateId = int(r.candidate_id);
        if (seen.has(candidateId)) return [];
        seen.add(candidateId);
        return [toLinkedApplication(r)];
      });
    },

    /**
     * Records the application on the profile, with a reference of its own; says whether it was for the
     * profile's own job again.
     */
    async recordOnProfile(
      uow: UnitOfWork,
      existing: { candidateId: number; jobId: number },
      jobId: number,
      resumeUrl: string | null,
    ): Promise<{ outcome: Exclude<ApplicationOutcome, 'new'>; reference: string }> {
      const { trx, emit } = uow;
      const row: Pick<CandidateRow, 'status'> | undefined = await trx('candidates')
        .where({ id: existing.candidateId })
        .forUpdate()
        .first('status');
      const status = row?.status ?? 'applied';
      // The entry keeps the resume sent with it (the profile's own stays), for the staff to read.
      const reference = await withFreshReference(async (drawn) => {
        await recordHistory(trx, [
          {
            candidate_id: existing.candidateId,
            from_status: status,
            to_status: status,
            changed_by_id: null,
            kind: 'application',
            job_id: jobId,
            resume_url: resumeUrl,
            application_reference: drawn,
          },
        ]);
        return drawn;
      });
      // The profile's fields are as they were (its version too, so no one's edit is refused for this);
      // screens showing it read its history again.
      emit('candidate.updated', {
        ...(await getCandidate(String(existing.candidateId), SYSTEM_READER, trx)),
        canEdit: false,
      });
      await notify.applicationRecorded(uow, { candidateId: existing.candidateId, jobId });
      return { outcome: existing.jobId === jobId ? 'applied_again' : 'added_to_profile', reference };
    },
  };
}
