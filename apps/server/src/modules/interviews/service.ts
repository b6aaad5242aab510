/**
 * Interviews (DESIGN §6f): scheduling one on an application, rescheduling and cancelling it, and reading a
 * candidate's and a user's. Every write is one unit of work with its live message to the job's room, the bell of
 * its staff interviewers and the invitations in the mail outbox (sent once it commits). Who may write is who may
 * edit the candidate (candidates/access.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES,
  INTERVIEW_LIMITS,
  INTERVIEW_MESSAGES as M,
  type Interview,
  type InterviewCreate,
  type InterviewUpdate,
  type InterviewsQuery,
} from '@portal/contracts';
import { conflict, notFound } from '../../errors.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import type { Mailer, QueuedMail } from '../../lib/mailer.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { toDate } from '../../lib/dates.ts';
import { createCandidateAccess } from '../candidates/access.ts';
import { whereRef } from '../candidates/columns.ts';
import type { NotificationService } from '../notifications/service.ts';
import { selectInterviews, withInterviewers, type InterviewRow, type InterviewerRow } from './model.ts';
import {
  clashConflict,
  clashesOf,
  interviewersOf,
  placeOf,
  roundOf,
  startOf,
  type NewInterviewer,
} from './checks.ts';
import { invitationMails, type InvitationKind } from './invitations.ts';

type Db = Knex | Knex.Transaction;

const EVENT_OF = {
  scheduled: 'interview.scheduled',
  changed: 'interview.changed',
  cancelled: 'interview.cancelled',
} as const;

const minutes = (n: number) => n * 60_000;

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

  async function readOne(trx: Db, id: number): Promise<Interview & { uid: string; candidateEmail: string }> {
    const row: InterviewRow | undefined = await selectInterviews(trx).where('i.id', id).first();
    if (!row) throw notFound(M.notFound);
    const [interview] = await withInterviewers(trx, [row]);
    return { ...interview!, uid: row.uid, candidateEmail: row.candidate_email };
  }

  /** The live message, the bell and the invitations of a change, in its unit of work; the mails to send after. */
  async function announce(
    uow: UnitOfWork,
    id: number,
    kind: InvitationKind,
    actor: Caller,
  ): Promise<{ interview: Interview; queued: QueuedMail[] }> {
    const { uid, candidateEmail, ...interview } = await readOne(uow.trx, id);
    uow.emit(EVENT_OF[kind], interview);
    await notify.interviewChanged(uow, { interview, kind, actorId: actor.id });
    const mails = invitationMails({ interview, uid, candidateEmail }, kind, mailer.from);
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

  /** The interview's row locked for a change, after the edit check on its candidate (404 / 403 first). */
  async function lockForChange(trx: Knex.Transaction, id: number, actor: Caller): Promise<InterviewRow> {
    const found: { candidate_id: DbInt } | undefined = await trx('interviews').where({ id }).first('candidate_id');
    if (!found) throw notFound(M.notFound);
    await access.guardWrite(trx, String(int(found.candidate_id)), actor, { denied: M.noPermission });
    const row: InterviewRow | undefined = await trx('interviews').where({ id }).forUpdate().first();
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function insertInterviewers(trx: Knex.Transaction, id: number, people: NewInterviewer[]) {
    await trx('interview_interviewers').insert(people.map((p) => ({ interview_id: id, ...p })));
  }

  return {
    async schedule(ref: string, body: InterviewCreate, actor: Caller): Promise<Interview> {
      const start = startOf(body.start);
      const end = new Date(start.getTime() + minutes(body.durationMinutes));
      const place = placeOf(body.mode, body.location ?? null, body.videoUrl ?? null);
      return write(async (uow) => {
        const { trx } = uow;
        const candidate = await access.guardWrite(trx, ref, actor, { denied: M.noPermission });
        const jobId = int(candidate.job_id);
        const job: { interview_rounds: unknown } | undefined = await trx('jobs')
          .where({ id: jobId })
          .first('interview_rounds');
        const round = roundOf(body.round, job?.interview_rounds);
        const people = await interviewersOf(trx, jobId, body.interviewerIds, body.clientContactIds ?? []);
        if (!body.confirmOverlap) {
          const clashes = await clashesOf(trx, people, start, end);
          if (clashes.length) throw clashConflict(clashes);
        }
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
        const row = await lockForChange(trx, id, actor);
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
        const people: NewInterviewer[] = replacing
          ? await interviewersOf(
              trx,
              int(row.job_id),
              body.interviewerIds ?? current.flatMap((p) => (p.user_id === null ? [] : [int(p.user_id)])),
              body.clientContactIds ??
                current.flatMap((p) => (p.contact_id === null || p.user_id !== null ? [] : [int(p.contact_id)])),
            )
          : current.map(({ interview_id: _, ...p }) => p);
        if (!body.confirmOverlap) {
          const clashes = await clashesOf(trx, people, start, end, id);
          if (clashes.length) throw clashConflict(clashes);
        }
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
        return announce(uow, id, 'changed', actor);
      });
    },

    /** Cancels an interview (SEQUENCE + 1, METHOD:CANCEL to everyone invited); a second cancel is a 409. */
    async cancel(id: number, actor: Caller): Promise<Interview> {
      return write(async (uow) => {
        const row = await lockForChange(uow.trx, id, actor);
        if (row.status === 'cancelled') throw conflict(M.alreadyCancelled);
        await uow
          .trx('interviews')
          .where({ id })
          .update({ status: 'cancelled', sequence: int(row.sequence) + 1, updated_at: new Date() });
        return announce(uow, id, 'cancelled', actor);
      });
    },

    /** A candidate's interviews, the newest start first (cancelled ones too, marked). */
    async ofCandidate(ref: string): Promise<Interview[]> {
      const candidate: { id: DbInt } | undefined = await whereRef(db('candidates as c'), ref).first('c.id');
      if (!candidate) throw notFound(CANDIDATE_MESSAGES.notFound);
      const rows: InterviewRow[] = await selectInterviews(db)
        .where('i.candidate_id', int(candidate.id))
        .orderBy('i.start_at', 'desc')
        .orderBy('i.id', 'desc');
      return withInterviewers(db, rows);
    },

    /** The caller's interviews as an interviewer, by start, within `from` / `to` (to excluded) when given. */
    async mine(query: InterviewsQuery, reader: Caller): Promise<Interview[]> {
      const q = selectInterviews(db)
        .whereIn('i.id', db('interview_interviewers').where('user_id', reader.id).select('interview_id'))
        .orderBy('i.start_at')
        .orderBy('i.id')
        .limit(INTERVIEW_LIMITS.mineMax);
      if (query.from) q.where('i.start_at', '>=', new Date(query.from));
      if (query.to) q.where('i.start_at', '<', new Date(query.to));
      return withInterviewers(db, await q);
    },
  };
}
export type InterviewService = ReturnType<typeof createInterviewService>;
