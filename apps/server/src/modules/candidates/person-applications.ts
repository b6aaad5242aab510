/**
 * Putting people on file forward for a job: one person (the candidate form's "Add <name> to <job>", the
 * person's page) or many at once (the talent pool's "Add to job"), in one transaction. Each application
 * copies the person's fields and latest resume, starts in Applied, and reaches the job's room like any new
 * candidate. A person has at most one application per job: the job's lock (taken before any row is
 * written, positions.ts) makes the check and the insert one step.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_DEFAULTS,
  CANDIDATE_MESSAGES as M,
  JOB_MESSAGES,
  type Candidate,
  type JobApplicationsAnswer,
  type PersonApplicationCreate,
} from '@portal/contracts';
import { conflict, notFound } from '../../errors.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { int } from '../../lib/rows.ts';
import { toPersonColumns, type PersonRow } from '../people/model.ts';
import { sourceOf } from './columns.ts';
import type { CandidateRow } from './model.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';

/**
 * The job's title, or 404; the job locked for the transaction, so that whether a person is in it already
 * and their new application are one step (the insert takes the same lock, positions.ts).
 */
async function lockJob(trx: Knex.Transaction, jobId: number): Promise<string> {
  const job: { title: string } | undefined = await trx('jobs')
    .where({ id: jobId })
    .forUpdate()
    .first('title');
  if (!job) throw notFound(JOB_MESSAGES.notFound);
  return job.title;
}

/** A person's new application's row: their fields, the job, and what the recruiter gave. */
function applicationRow(
  person: PersonRow,
  jobId: number,
  given: Omit<PersonApplicationCreate, 'jobId'> = {},
) {
  const source = sourceOf(given.source) ?? CANDIDATE_DEFAULTS.source;
  const text = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  return {
    ...toPersonColumns(person),
    person_id: int(person.id),
    job_id: jobId,
    source,
    referred_by: source === 'Referral' ? text(given.referred_by) : null,
    notes: text(given.notes),
    job_answers: given.job_answers ? JSON.stringify(given.job_answers) : null,
    status: CANDIDATE_DEFAULTS.status,
  };
}

export function createPersonApplications({
  inUnitOfWork,
  announceJobs,
  access: { getCandidate, findCandidates },
  writes: { insertRows },
}: {
  inUnitOfWork: InUnitOfWork;
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  access: CandidateAccess;
  writes: CandidateWrites;
}) {
  return {
    /** The person's application to the job: 404 for an unknown person or job, 409 naming the one there is. */
    async addApplication(
      personId: number,
      input: PersonApplicationCreate,
      actor: Caller,
    ): Promise<Candidate> {
      const jobId = Number(input.jobId);
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const person: PersonRow | undefined = await trx<PersonRow>('people').where({ id: personId }).first();
        if (!person) throw notFound(M.personNotFound);
        const title = await lockJob(trx, jobId);
        const there: Pick<CandidateRow, 'uuid'> | undefined = await trx<CandidateRow>('candidates')
          .where({ person_id: personId, job_id: jobId })
          .first('uuid');
        if (there) throw conflict(M.alreadyInJob(person.name, title), { uuid: there.uuid });
        const [inserted] = await insertRows(uow, [applicationRow(person, jobId, input)], actor.id);
        const candidate = await getCandidate(String(inserted!.id), actor, trx);
        emit('candidate.created', candidate);
        await announceJobs([jobId], uow);
        return candidate;
      });
    },

    /**
     * People of the talent pool added to the job at once: those already in it are left as they are and
     * named; an unknown person or job is 404 and nothing is added.
     */
    async addToJob(jobId: number, personIds: number[], actor: Caller): Promise<JobApplicationsAnswer> {
      const ids = [...new Set(personIds)];
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        await lockJob(trx, jobId);
        const people: PersonRow[] = await trx<PersonRow>('people').whereIn('id', ids).orderBy('id');
        if (people.length !== ids.length) throw notFound(M.personNotFound);
        const there: Pick<CandidateRow, 'person_id' | 'uuid'>[] = await trx<CandidateRow>('candidates')
          .where({ job_id: jobId })
          .whereIn('person_id', ids)
          .select('person_id', 'uuid');
        const inJob = new Set(there.map((t) => int(t.person_id)));
        const rows = people.filter((p) => !inJob.has(int(p.id))).map((p) => applicationRow(p, jobId));
        const inserted = await insertRows(uow, rows, actor.id);
        for (const candidate of await findCandidates(
          inserted.map((i) => i.id),
          actor,
          trx,
        ))
          emit('candidate.created', candidate);
        if (inserted.length > 0) await announceJobs([jobId], uow);
        return {
          added: inserted.map(({ personId, uuid }) => ({ personId, uuid })),
          alreadyIn: there.map((t) => ({ personId: int(t.person_id), uuid: t.uuid })),
        };
      });
    },
  };
}
