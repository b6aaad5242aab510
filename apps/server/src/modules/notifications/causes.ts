/**
 * What causes a notification: each change that people are told of, written in the change's own
 * transaction (`uow`) by `tell`.
 */
import {
  APP_TIME_ZONE,
  CLIENT_DECISION_BADGES,
  INTERVIEW_MESSAGES,
  interviewTimeText,
  type Interview,
  CONTACT_INBOX_PATH,
  MAIL_MESSAGES,
  NOTIFICATION_MESSAGES as N,
  REVIEW_MESSAGES,
  SUGGESTED_MOVES,
  type CandidateStatus,
  type ClientDecision,
  type SuggestedMove,
} from '@portal/contracts';
import type { UnitOfWork } from '../../events.ts';
import { int } from '../../lib/rows.ts';
import { toCandidateNotice, type CandidateNoticeRow, type RecipientRow } from './model.ts';
import { activeRolesOf, jobsWithPeople, nameOf, peopleOfJob, tell, titleOf } from './recipients.ts';

/** The candidate columns a notice reads. */
const NOTICE_COLUMNS = ['id', 'uuid', 'name', 'job_id', 'created_by_id'] as const;

/**
 * Candidates added to a job (staff add, careers, bulk import): the job's people hear of it, one
 * notification per user however many rows an import added.
 */
export async function candidatesAdded(
  uow: UnitOfWork,
  added: {
    candidates: { id: number; uuid: string; name: string; jobId: number }[];
    actorId: number | null;
  },
) {
  const { trx } = uow;
  const byJob = new Map<number, typeof added.candidates>();
  for (const c of added.candidates) {
    const list = byJob.get(c.jobId);
    if (list) list.push(c);
    else byJob.set(c.jobId, [c]);
  }
  const by = await nameOf(trx, added.actorId);
  // The jobs' titles and people, and which of those people may be told, read once for all the jobs.
  const jobs = await jobsWithPeople(trx, [...byJob.keys()]);
  const roles = await activeRolesOf(
    trx,
    [...jobs.values()].flatMap((j) => j.people),
  );
  for (const [jobId, candidates] of byJob) {
    const { title: job, people } = jobs.get(jobId) ?? { title: '', people: [] };
    const only = candidates.length === 1 ? candidates[0]! : null;
    await tell(
      uow,
      people,
      added.actorId,
      only
        ? { kind: 'candidate_added', text: N.candidateAdded(by, only.name, job), jobId, candidate: only }
        : {
            kind: 'candidates_imported',
            text: N.candidatesImported(by, candidates.length, job),
            jobId,
            candidate: null,
          },
      roles,
    );
  }
}

/**
 * A candidate changed (edited, moved, rejected): its creator hears of it, unless they made the change.
 * `candidate`, when the caller holds the row already (its id, uuid, name, job_id, created_by_id), saves
 * reading it again.
 */
export async function candidateChanged(
  uow: UnitOfWork,
  change: {
    candidateId: number;
    actorId: number;
    from?: CandidateStatus;
    to?: CandidateStatus;
    /** The candidate as the writer already holds it (saves reading it again). */
    candidate?: CandidateNoticeRow;
  },
) {
  const { trx } = uow;
  const row: CandidateNoticeRow | undefined =
    change.candidate ??
    (await trx('candidates')
      .where({ id: change.candidateId })
      .first(...NOTICE_COLUMNS));
  if (!row) return;
  const candidate = toCandidateNotice(row);
  if (candidate.createdById === null || candidate.createdById === change.actorId) return;
  const by = await nameOf(trx, change.actorId);
  await tell(uow, [candidate.createdById], change.actorId, {
    kind: 'candidate_changed',
    text:
      change.from && change.to && change.from !== change.to
        ? N.candidateMoved(by, candidate.name, change.from, change.to)
        : N.candidateChanged(by, candidate.name),
    jobId: candidate.jobId,
    candidate,
  });
}

/** Shortlisted candidates of a job were sent to its client: the job's people hear of it. */
export async function shortlistShared(
  uow: UnitOfWork,
  shared: { jobId: number; count: number; actorId: number },
) {
  const { trx } = uow;
  const [job, by, people] = [
    await titleOf(trx, shared.jobId),
    await nameOf(trx, shared.actorId),
    await peopleOfJob(trx, shared.jobId),
  ];
  await tell(uow, people, shared.actorId, {
    kind: 'shortlist_shared',
    text: N.shortlistShared(by, shared.count, job),
    jobId: shared.jobId,
    candidate: null,
  });
}

/**
 * A visitor sent the contact form: every active admin hears of it at once (the bell, live), so that a
 * client's enquiry is read even when no mail server forwards it to the office.
 */
export async function contactMessageReceived(uow: UnitOfWork, message: { name: string }) {
  const admins: RecipientRow[] = await uow
    .trx('users')
    .where({ role: 'admin', status: 'active' })
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'role');
  const roles = new Map(admins.map((a) => [int(a.id), a.role]));
  await tell(
    uow,
    [...roles.keys()],
    null,
    {
      kind: 'contact_message',
      text: MAIL_MESSAGES.contactReceived(message.name),
      jobId: null,
      candidate: null,
      link: CONTACT_INBOX_PATH,
    },
    roles,
  );
}

/**
 * A person already on file applied on the careers page: the people of the job applied to, and those of
 * the profile (its creator and its job's people), hear of it.
 */
export async function applicationRecorded(
  uow: UnitOfWork,
  application: { candidateId: number; jobId: number },
) {
  const { trx } = uow;
  const row: CandidateNoticeRow | undefined = await trx('candidates')
    .where({ id: application.candidateId })
    .first(...NOTICE_COLUMNS);
  if (!row) return;
  const candidate = toCandidateNotice(row);
  const [job, appliedTo, profileJob] = [
    await titleOf(trx, application.jobId),
    await peopleOfJob(trx, application.jobId),
    await peopleOfJob(trx, candidate.jobId),
  ];
  await tell(uow, [...appliedTo, ...profileJob, candidate.createdById], null, {
    kind: 'application_recorded',
    text: N.applicationRecorded(candidate.name, job),
    jobId: application.jobId,
    candidate,
  });
}

/**
 * A client answered on a review link (a decision, or a comment): the job's people and whoever shared the
 * shortlist hear of it. A decision's notice carries the move it suggests (Interested → interviewed, Not a fit
 * → rejected with the client's reason), which the bell offers and never makes by itself. The texts are plain
 * text, the client's words among them: the bell shows them as text.
 */
export async function clientAnswered(
  uow: UnitOfWork,
  answer: {
    candidate: { id: number; uuid: string; name: string; jobId: number };
    /** Who shared the shortlist (`shortlist_shares.shared_by_id`). */
    sharedById: number | null;
    /** The recipient's name. */
    client: string;
    /** The decision, or none for a comment. */
    decision: { decision: ClientDecision; reason: string | null } | null;
  },
) {
  const { trx } = uow;
  const { candidate, decision } = answer;
  const [job, people] = [await titleOf(trx, candidate.jobId), await peopleOfJob(trx, candidate.jobId)];
  const status = decision ? SUGGESTED_MOVES[decision.decision] : undefined;
  const suggestedMove: SuggestedMove | null = status
    ? {
        uuid: candidate.uuid,
        status,
        ...(status === 'rejected' && decision?.reason ? { rejectionReason: decision.reason } : {}),
      }
    : null;
  await tell(uow, [...people, answer.sharedById], null, {
    kind: decision ? 'client_feedback' : 'client_comment',
    text: decision
      ? REVIEW_MESSAGES.feedbackNotice(
          answer.client,
          CLIENT_DECISION_BADGES[decision.decision],
          candidate.name,
          job,
        )
      : REVIEW_MESSAGES.commentNotice(answer.client, candidate.name, job),
    jobId: candidate.jobId,
    candidate,
    suggestedMove,
  });
}

/**
 * An interview was scheduled, changed or cancelled: its staff interviewers hear of it (the actor is never told).
 * Plain text, the candidate's name as typed among it: the bell shows it as text.
 */
export async function interviewChanged(
  uow: UnitOfWork,
  change: { interview: Interview; kind: 'scheduled' | 'changed' | 'cancelled'; actorId: number },
) {
  const { interview: i, kind } = change;
  const when = interviewTimeText(i.start, APP_TIME_ZONE);
  const text =
    kind === 'cancelled'
      ? INTERVIEW_MESSAGES.bellCancelled(i.candidateName, i.jobTitle, when)
      : kind === 'changed'
        ? INTERVIEW_MESSAGES.bellChanged(i.candidateName, i.jobTitle, when)
        : INTERVIEW_MESSAGES.bellScheduled(i.candidateName, i.jobTitle, when);
  await tell(
    uow,
    i.interviewers.flatMap((p) => (p.kind === 'user' ? [p.id] : [])),
    change.actorId,
    { kind: 'interview_scheduled', text, jobId: i.jobId, candidate: { id: i.candidateId, uuid: i.uuid } },
  );
}
