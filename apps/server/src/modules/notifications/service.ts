/**
 * Each user's notifications: written in the same transaction as the change that causes them (so a
 * notification is never lost nor sent for a change rolled back), announced to their user only after the
 * commit (`notification.created`, which the realtime layer sends to that user's room), and read, counted
 * and marked read by their user. The person who acted is never told of their own change.
 */
import type { Knex } from 'knex';
import {
  CONTACT_INBOX_PATH,
  MAIL_MESSAGES,
  NOTIFICATION_MESSAGES as N,
  NOTIFICATIONS_PAGE_SIZE,
  notificationLink,
  type CandidateStatus,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationQuery,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import { chunks, LOOKUP_BATCH } from '../../db/dialect.ts';
import type { UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { NotificationModel } from './model.ts';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

/** One thing to tell some users: what, about which job or candidate (the link follows the reader's role). */
interface Draft {
  kind: NotificationKind;
  text: string;
  jobId: number | null;
  candidate: { id: number; uuid: string } | null;
  /** Where it leads when it is about neither a job nor a candidate. */
  link?: string;
}

export function createNotificationService({ db }: { db: Knex }) {
  /** Active users who created the job or may edit it (its listed editors). */
  async function peopleOfJob(trx: Db, jobId: number): Promise<number[]> {
    const ids = (await trx('jobs')
      .where('id', jobId)
      .whereNotNull('created_by_id')
      .pluck('created_by_id')
      .union((u) => u.select('user_id').from('job_editors').where('job_id', jobId))) as unknown[];
    return ids.map((r) => Number(typeof r === 'object' && r !== null ? Object.values(r)[0] : r));
  }

  /** Each job's title and people (as `peopleOfJob`), a batch of jobs a query: an import into 200 jobs asks twice. */
  async function jobsWithPeople(trx: Db, jobIds: number[]) {
    const jobs = new Map<number, { title: string; people: number[] }>();
    for (const batch of chunks(jobIds, LOOKUP_BATCH)) {
      const [rows, editors] = (await Promise.all([
        trx('jobs').whereIn('id', batch).select('id', 'title', 'created_by_id'),
        trx('job_editors').whereIn('job_id', batch).select('job_id', 'user_id'),
      ])) as [Row[], Row[]];
      for (const job of rows) {
        const people = job.created_by_id === null ? [] : [Number(job.created_by_id)];
        jobs.set(Number(job.id), { title: String(job.title ?? ''), people });
      }
      for (const editor of editors) jobs.get(Number(editor.job_id))?.people.push(Number(editor.user_id));
    }
    return jobs;
  }

  /** The roles of those of these users whose accounts are active, by id. */
  async function activeRolesOf(trx: Db, userIds: number[]): Promise<Map<number, string>> {
    const roles = new Map<number, string>();
    for (const batch of chunks([...new Set(userIds)], LOOKUP_BATCH)) {
      const users = (await trx('users')
        .whereIn('id', batch)
        .where('status', 'active')
        .select('id', 'role')) as Row[];
      for (const user of users) roles.set(Number(user.id), String(user.role));
    }
    return roles;
  }

  async function nameOf(trx: Db, userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const row = (await trx('users').where({ id: userId }).first('name', 'username')) as Row | undefined;
    return row ? String(row.name || row.username) : null;
  }

  const titleOf = async (trx: Db, jobId: number) =>
    String(((await trx('jobs').where({ id: jobId }).first('title')) as Row | undefined)?.title ?? '');

  /**
   * Writes the draft for each recipient (never the actor, each once, active accounts only) and queues
   * its announcement for after the commit.
   */
  async function tell(
    uow: UnitOfWork,
    recipients: (number | null)[],
    actorId: number | null,
    draft: Draft,
    /** The active users' roles when the caller read them already (for many drafts at once), by id. */
    activeRoles?: Map<number, string>,
  ) {
    const wanted = [...new Set(recipients.filter((id): id is number => id !== null && id !== actorId))];
    if (wanted.length === 0) return;
    const users = activeRoles
      ? wanted
          .filter((id) => activeRoles.has(id))
          .sort((a, b) => a - b)
          .map((id) => ({ id, role: activeRoles.get(id) }))
      : ((await uow
          .trx('users')
          .whereIn('id', wanted)
          .where('status', 'active')
          .select('id', 'role')) as Row[]);
    const now = new Date();
    for (const user of users) {
      const row = {
        user_id: Number(user.id),
        kind: draft.kind,
        text: draft.text.slice(0, 500),
        link: draft.candidate
          ? notificationLink(String(user.role), { candidateUuid: draft.candidate.uuid })
          : draft.jobId !== null
            ? notificationLink(String(user.role), { jobId: draft.jobId })
            : (draft.link ?? null),
        job_id: draft.jobId,
        candidate_id: draft.candidate?.id ?? null,
        read_at: null,
        created_at: now,
      };
      const [id] = (await uow.trx('notifications').insert(row)) as number[];
      uow.emit('notification.created', {
        userId: row.user_id,
        notification: NotificationModel.toRecord({ ...row, id }),
      });
    }
  }

  async function unreadOf(userId: number): Promise<number> {
    const row = (await db('notifications')
      .where({ user_id: userId })
      .whereNull('read_at')
      .count({ n: '*' })
      .first()) as Row | undefined;
    return Number(row?.n ?? 0);
  }

  return {
    // ------------------------------------------------------------------ what causes a notification

    /**
     * Candidates added to a job (staff add, careers, bulk import): the job's people hear of it, one
     * notification per user however many rows an import added.
     */
    async candidatesAdded(
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
    },

    /**
     * A candidate changed (edited, moved, rejected): its creator hears of it, unless they made the change.
     * `candidate`, when the caller holds the row already (its id, uuid, name, job_id, created_by_id), saves
     * reading it again.
     */
    async candidateChanged(
      uow: UnitOfWork,
      change: {
        candidateId: number;
        actorId: number;
        from?: CandidateStatus;
        to?: CandidateStatus;
        candidate?: Row;
      },
    ) {
      const { trx } = uow;
      const row =
        change.candidate ??
        ((await trx('candidates')
          .where({ id: change.candidateId })
          .first('id', 'uuid', 'name', 'job_id', 'created_by_id')) as Row | undefined);
      if (!row || row.created_by_id === null || Number(row.created_by_id) === change.actorId) return;
      const by = await nameOf(trx, change.actorId);
      const name = String(row.name);
      await tell(uow, [Number(row.created_by_id)], change.actorId, {
        kind: 'candidate_changed',
        text:
          change.from && change.to && change.from !== change.to
            ? N.candidateMoved(by, name, change.from, change.to)
            : N.candidateChanged(by, name),
        jobId: Number(row.job_id),
        candidate: { id: Number(row.id), uuid: String(row.uuid) },
      });
    },

    /** Shortlisted candidates of a job were sent to its client: the job's people hear of it. */
    async shortlistShared(uow: UnitOfWork, shared: { jobId: number; count: number; actorId: number }) {
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
    },

    /**
     * A visitor sent the contact form: every active admin hears of it at once (the bell, live), so that a
     * client's enquiry is read even when no mail server forwards it to the office.
     */
    async contactMessageReceived(uow: UnitOfWork, message: { name: string }) {
      const admins = (await uow
        .trx('users')
        .where({ role: 'admin', status: 'active' })
        .whereNull('deleted_at')
        .orderBy('id')
        .select('id', 'role')) as Row[];
      const roles = new Map(admins.map((a) => [Number(a.id), String(a.role)]));
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
    },

    /**
     * A person already on file applied on the careers page: the people of the job applied to, and those of
     * the profile (its creator and its job's people), hear of it.
     */
    async applicationRecorded(uow: UnitOfWork, application: { candidateId: number; jobId: number }) {
      const { trx } = uow;
      const row = (await trx('candidates')
        .where({ id: application.candidateId })
        .first('id', 'uuid', 'name', 'job_id', 'created_by_id')) as Row | undefined;
      if (!row) return;
      const [job, appliedTo, profileJob] = [
        await titleOf(trx, application.jobId),
        await peopleOfJob(trx, application.jobId),
        await peopleOfJob(trx, Number(row.job_id)),
      ];
      const creator = row.created_by_id === null ? null : Number(row.created_by_id);
      await tell(uow, [...appliedTo, ...profileJob, creator], null, {
        kind: 'application_recorded',
        text: N.applicationRecorded(String(row.name), job),
        jobId: application.jobId,
        candidate: { id: Number(row.id), uuid: String(row.uuid) },
      });
    },

    // ------------------------------------------------------------------ the reader's own

    /** The reader's notifications, newest first, a page at a time, with how many are unread. */
    async list(query: NotificationQuery, reader: Caller): Promise<NotificationPage> {
      const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
      const q = db('notifications').where({ user_id: reader.id });
      if (query.unread) q.whereNull('read_at');
      if (query.before) q.where('id', '<', query.before);
      const rows = (await q
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .select('*')) as Row[];
      const items = rows.slice(0, limit).map((r) => NotificationModel.toRecord(r));
      return {
        items,
        next: rows.length > limit ? items[items.length - 1]!.id : null,
        unread: await unreadOf(reader.id),
      };
    },

    unreadCount: async (reader: Caller) => ({ unread: await unreadOf(reader.id) }),

    /** Marks one of the reader's notifications read (404 for anyone else's: theirs is not ours to know of). */
    async markRead(id: number, reader: Caller): Promise<Notification> {
      const where = { id, user_id: reader.id };
      await db('notifications').where(where).whereNull('read_at').update({ read_at: new Date() });
      const row = (await db('notifications').where(where).first()) as Row | undefined;
      if (!row) throw notFound(N.notFound);
      return NotificationModel.toRecord(row);
    },

    async markAllRead(reader: Caller) {
      await db('notifications')
        .where({ user_id: reader.id })
        .whereNull('read_at')
        .update({ read_at: new Date() });
      return { unread: 0 };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
/** What the candidate writes call to tell people of a change, in the change's own transaction. */
export type CandidateNotifier = Pick<
  NotificationService,
  'candidatesAdded' | 'candidateChanged' | 'shortlistShared' | 'applicationRecorded'
>;
