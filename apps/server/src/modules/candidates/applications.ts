/**
 * Careers applications (no account). A person already on file (the duplicate rule matched their e-mail or
 * phone) who applies to another job becomes an application of theirs in that job's pipeline, like any new
 * applicant, with the resume sent; nothing of their profile is overwritten. One who applies again to a job
 * they are in already has the resubmission recorded on that application (a history entry keeping the new
 * resume); its job room hears the candidate changed, and its people are notified.
 */
import { randomInt } from 'node:crypto';
import { APPLICATION_MAILS, APPLICATION_REFERENCE } from '@portal/contracts';
import { int } from '../../lib/rows.ts';
import { toPersonColumns, type PersonRow } from '../people/model.ts';
import type { CandidateRow } from './model.ts';
import type { Mail, Mailer, QueuedMail } from '../../lib/mailer.ts';
import { CANDIDATE_DEFAULTS, CAREERS_SOURCE } from '@portal/contracts';
import type { InUnitOfWork } from '../../events.ts';
import { toColumns } from './columns.ts';
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

export function createProfileApplications({
  access: { getCandidate },
  writes: { recordHistory, notify },
}: {
  access: CandidateAccess;
  writes: CandidateWrites;
}) {
  return {
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

/** Careers applications (no account), as the careers pages send them. */
export function createCareersApplications({
  inUnitOfWork,
  mailer,
  announceJobs,
  access: { getCandidate },
  writes: { findDuplicate, insertRows },
  recordOnProfile,
}: {
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
  access: CandidateAccess;
  writes: CandidateWrites;
  recordOnProfile: ReturnType<typeof createProfileApplications>['recordOnProfile'];
}) {
  return {
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
        const inJob: Pick<CandidateRow, 'id'> | undefined = existing
          ? await trx<CandidateRow>('candidates')
              .where({ person_id: existing.personId, job_id: jobId })
              .first('id')
          : undefined;
        let recorded: { outcome: ApplicationOutcome; reference: string };
        if (inJob) {
          recorded = await recordOnProfile(
            uow,
            { candidateId: int(inJob.id), jobId },
            jobId,
            input.resume_url,
          );
        } else {
          // A person on file applies to another job: an application of theirs, with their profile as the
          // firm keeps it (what an applicant types changes no one's profile) and the resume sent with it.
          const person: PersonRow | undefined = existing
            ? await trx<PersonRow>('people').where({ id: existing.personId }).first()
            : undefined;
          const row = person
            ? {
                ...columns,
                ...toPersonColumns(person),
                resume_url: input.resume_url,
                person_id: int(person.id),
              }
            : columns;
          const [inserted] = await insertRows(uow, [{ ...row, status: CANDIDATE_DEFAULTS.status }], null);
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
          const candidate = await getCandidate(String(inserted!.id), SYSTEM_READER, trx);
          emit('candidate.created', candidate);
          await announceJobs([jobId], uow);
          recorded = { outcome: person ? 'added_to_profile' : 'new', reference };
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
  };
}
