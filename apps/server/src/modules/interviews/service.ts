/**
 * Interviews: scheduling one on an application, rescheduling and cancelling it, and reading a
 * candidate's and a user's. Every write is one unit of work with its live message to the job's room, the bell of
 * its staff interviewers and the invitations in the mail outbox (sent once it commits). Who may write is who may
 * edit the candidate (candidates/access.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  INTERVIEW_MESSAGES as M,
  type Interview,
  type InterviewCreate,
  type Interviewer,
  type InterviewUpdate,
} from '@portal/contracts';
import { conflict, notFound } from '../../errors.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import type { Mailer, QueuedMail } from '../../lib/mailer.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { toDate } from '../../lib/dates.ts';
import { createCandidateAccess, type CandidateAccess } from '../candidates/access.ts';
import type { NotificationService } from '../notifications/service.ts';
import {
  selectInterviews,
  toInterviewer,
  withInterviewers,
  type InterviewRow,
  type InterviewerRow,
} from './model.ts';
import {
  interviewersOf,
  lockInterviewers,
  lockInterviewersOf,
  placeOf,
  refuseClashes,
  roundOf,
  startOf,
  type NewInterviewer,
} from './checks.ts';
import { createInterviewReads } from './reads.ts';
import { invitationMails, withdrawnMails, type InvitationKind } from './invitations.ts';

type Db = Knex | Knex.Transaction;

const EVENT_OF = {
  scheduled: 'interview.scheduled',
  changed: 'interview.changed',
  cancelled: 'interview.cancelled',
} as const;

const minutes = (n: number) => n * 60_000;

/** One interview as the API shows it, with what only the invitations need (its UID, the candidate's address). */
async function readOne(trx: Db, id: number): Promise<Interview & { uid: string; candidateEmail: string }> {
  const row: InterviewRow | undefined = await selectInterviews(trx).where('i.id', id).first();
  if (!row) throw notFound(M.notFound);
  const [interview] = await withInterviewers(trx, [row]);
  return { ...interview!, uid: row.uid, candidateEmail: row.candidate_email };
}

async function insertInterviewers(trx: Knex.Transaction, id: number, people: NewInterviewer[]) {
  await trx('interview_interviewers').insert(people.map((p) => ({ interview_id: id, ...p })));
}

/**
 * The interviewers after a change: the lists the body sends replace theirs (a list not sent keeps its part), or
 * the current ones as they are.
 */
async function nextInterviewers(
  trx: Knex.Transaction,
  jobId: number,
  body: InterviewUpdate,
  current: InterviewerRow[],
): Promise<NewInterviewer[]> {
  if (body.interviewerIds === undefined && body.clientContactIds === undefined)
    return current.map(({ interview_id: _, ...p }) => p);
  const users = current.flatMap((p) => (p.user_id === null ? [] : [int(p.user_id)]));
  const contacts = current.flatMap((p) =>
    p.contact_id === null || p.user_id !== null ? [] : [int(p.contact_id)],
  );
  return interviewersOf(trx, jobId, body.interviewerIds ?? users, body.clientContactIds ?? contacts);
}

/** The interview's row locked for a change, after the edit check on its candidate (404 / 403 first). */
async function lockForChange(
  access: CandidateAccess,
  trx: Knex.Transaction,
  id: number,
  actor: Caller,
): Promise<InterviewRow> {
  const found: { candidate_id: DbInt } | undefined = await trx('interviews')
    .where({ id })
    .first('candidate_id');
  if (!found) throw notFound(M.notFound);
  await access.guardWrite(trx, String(int(found.candidate_id)), actor, { denied: M.noPermission });
  const row: InterviewRow | undefined = await trx('interviews').where({ id }).forUpdate().first();
  if (!row) throw notFound(M.notFound);
  return row;
}

export function createInterviewService({
  db,
  inUnitOfWork,
  mailer,
  notify,
  publicUrl,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  notify: Pick<NotificationService, 'interviewChanged'>;
  /** PUBLIC_URL: its host names the invitations' UIDs. */
  publicUrl: string;
}) {
  const access = createCandidateAccess({ db });
  const uidHost = new URL(publicUrl).hostname || 'localhost';

  /** The live message, the bell and the invitations of a change, in its unit of work; the mails to send after. */
  async function announce(
    uow: UnitOfWork,
    id: number,
    kind: InvitationKind,
    actor: Caller,
    /** Interviewers the change took off (they get a cancellation). */
    removed: Interviewer[] = [],
  ): Promise<{ interview: Interview; queued: QueuedMail[] }> {
    const { uid, candidateEmail, ...interview } = await readOne(uow.trx, id);
    uow.emit(EVENT_OF[kind], interview);
    await notify.interviewChanged(uow, { interview, kind, actorId: actor.id });
    const subject = { interview, uid, candidateEmail };
    const mails = [
      ...invitationMails(subject, kind, mailer.from),
      ...withdrawnMails(subject, removed, mailer.from),
    ];
    const queued: QueuedMail[] = [];
    for (const mail of mails) queued.push(await mailer.queue(uow.trx, mail, actor.id));
    return { interview, queued };
  }

  /** Runs a write and starts sending its invitations once it has committed (the answer does not wait for SMTP). */
  async function write(work: (uow: UnitOfWork) => Promise<{ interview: Interview; queued: QueuedMail[] }>) {
    const { interview, queued } = await inUnitOfWork(work);
    void mailer.dispatch(queued);
    return interview;
  }

  return {
    ...createInterviewReads({ db }),

    async schedule(ref: string, body: InterviewCreate, actor: Caller): Promise<Interview> {
      const start = startOf(body.start);
      const end = new Date(start.getTime() + minutes(body.durationMinutes));
      const place = placeOf(body.mode, body.location ?? null, body.videoUrl ?? null);
      return write(async (uow) => {
        const { trx } = uow;
        await lockInterviewers(trx, body.interviewerIds);
        const candidate = await access.guardWrite(trx, ref, actor, { denied: M.noPermission });
        const jobId = int(candidate.job_id);
        const job: { interview_rounds: unknown } | undefined = await trx('jobs')
          .where({ id: jobId })
          .first('interview_rounds');
        const round = roundOf(body.round, job?.interview_rounds);
        const people = await interviewersOf(trx, jobId, body.interviewerIds, body.clientContactIds ?? []);
        if (!body.confirmOverlap) await refuseClashes(trx, people, start, end);
        const now = new Date();
        const [inserted] = await trx('interviews').insert({
          candidate_id: int(candidate.id),
          job_id: jobId,
          round,
          start_at: start,
          end_at: end,
          duration_minutes: body.durationMinutes,
          mode: body.mode,
          ...place,
          note: body.note?.trim() || null,
          status: 'scheduled',
          sequence: 0,
          uid: `interview-${randomUUID()}@${uidHost}`,
          created_by_id: actor.id,
          created_at: now,
          updated_at: now,
        });
        const id = int(inserted!);
        await insertInterviewers(trx, id, people);
        return announce(uow, id, 'scheduled', actor);
      });
    },

    /** Reschedules or changes an interview: SEQUENCE + 1, the overlap check again (without itself). */
    async reschedule(id: number, body: InterviewUpdate, actor: Caller): Promise<Interview> {
      const newStart = body.start === undefined ? null : startOf(body.start);
      return write(async (uow) => {
        const { trx } = uow;
        await lockInterviewersOf(trx, id, body.interviewerIds);
        const row = await lockForChange(access, trx, id, actor);
        if (row.status === 'cancelled') throw conflict(M.cancelledCannotChange);
        const start = newStart ?? toDate(row.start_at);
        const duration = body.durationMinutes ?? int(row.duration_minutes);
        const end = new Date(start.getTime() + minutes(duration));
        const mode = body.mode ?? (row.mode as InterviewCreate['mode']);
        const place = placeOf(
          mode,
          body.location !== undefined ? body.location : row.location,
          body.videoUrl !== undefined ? body.videoUrl : row.video_url,
        );
        const current: InterviewerRow[] = await trx('interview_interviewers')
          .where('interview_id', id)
          .orderBy('id')
          .select('interview_id', 'user_id', 'contact_id', 'name', 'email');
        const replacing = body.interviewerIds !== undefined || body.clientContactIds !== undefined;
        const people = await nextInterviewers(trx, int(row.job_id), body, current);
        if (!body.confirmOverlap) await refuseClashes(trx, people, start, end, id);
        await trx('interviews')
          .where({ id })
          .update({
            start_at: start,
            end_at: end,
            duration_minutes: duration,
            mode,
            ...place,
            ...(body.note !== undefined ? { note: body.note.trim() || null } : {}),
            sequence: int(row.sequence) + 1,
            updated_at: new Date(),
          });
        if (replacing) {
          await trx('interview_interviewers').where('interview_id', id).delete();
          await insertInterviewers(trx, id, people);
        }
        const kept = new Set(people.map((p) => p.email));
        const removed = current.filter((p) => !kept.has(p.email)).map(toInterviewer);
        return announce(uow, id, 'changed', actor, removed);
      });
    },

    /** Cancels an interview (SEQUENCE + 1, METHOD:CANCEL to everyone invited); a second cancel is a 409. */
    async cancel(id: number, actor: Caller): Promise<Interview> {
      return write(async (uow) => {
        const row = await lockForChange(access, uow.trx, id, actor);
        if (row.status === 'cancelled') throw conflict(M.alreadyCancelled);
        await uow
          .trx('interviews')
          .where({ id })
          .update({ status: 'cancelled', sequence: int(row.sequence) + 1, updated_at: new Date() });
        return announce(uow, id, 'cancelled', actor);
      });
    },
  };
}
export type InterviewService = ReturnType<typeof createInterviewService>;
