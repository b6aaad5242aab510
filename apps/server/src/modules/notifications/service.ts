/**
 * Each user's notifications: written in the same transaction as the change that causes them (so a
 * notification is never lost nor sent for a change rolled back), announced to their user only after the
 * commit (`notification.created`, which the realtime layer sends to that user's room), and read, counted
 * and marked read by their user. The person who acted is never told of their own change.
 */
import type { Knex } from 'knex';
import {
  NOTIFICATION_MESSAGES as N,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationPage,
  type NotificationQuery,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { total } from '../../lib/rows.ts';
import { toNotification, type NotificationRow } from './model.ts';
import {
  applicationRecorded,
  candidateChanged,
  candidatesAdded,
  clientAnswered,
  contactMessageReceived,
  interviewChanged,
  shortlistShared,
} from './causes.ts';

export function createNotificationService({ db }: { db: Knex }) {
  async function unreadOf(userId: number): Promise<number> {
    const row = await db('notifications')
      .where({ user_id: userId })
      .whereNull('read_at')
      .count({ n: '*' })
      .first();
    return total(row?.n);
  }

  return {
    // ------------------------------------------------------------------ what causes a notification
    candidatesAdded,
    candidateChanged,
    shortlistShared,
    contactMessageReceived,
    applicationRecorded,
    clientAnswered,
    interviewChanged,

    // ------------------------------------------------------------------ the reader's own

    /** The reader's notifications, newest first, a page at a time, with how many are unread. */
    async list(query: NotificationQuery, reader: Caller): Promise<NotificationPage> {
      const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
      const q = db<NotificationRow>('notifications').where({ user_id: reader.id });
      if (query.unread) q.whereNull('read_at');
      if (query.before) q.where('id', '<', query.before);
      const rows: NotificationRow[] = await q
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .select('*');
      const items = rows.slice(0, limit).map(toNotification);
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
      const row: NotificationRow | undefined = await db<NotificationRow>('notifications')
        .where(where)
        .first();
      if (!row) throw notFound(N.notFound);
      return toNotification(row);
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
