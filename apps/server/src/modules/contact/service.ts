import type { Knex } from 'knex';
import {
  CONTACT_MESSAGES,
  HONEYPOT_FIELD,
  MAIL_MESSAGES,
  MESSAGES_PAGE_SIZE,
  type ContactAnswer,
  type ContactInboxMessage,
  type ContactInboxPage,
  type ContactInboxQuery,
  type ContactMessage,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { InUnitOfWork } from '../../events.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { int } from '../../lib/rows.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import type { NotificationService } from '../notifications/service.ts';
import { toContactMessage, type ContactInboxRow, type ContactMessageRow } from './model.ts';

export interface ContactServiceDeps {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  notify: Pick<NotificationService, 'contactMessageReceived'>;
  /** Where messages go (CONTACT_TO). */
  to: string;
  log: { error(obj: unknown, msg: string): void };
}

const SENT: ContactAnswer = { success: true, message: CONTACT_MESSAGES.sentText };

/**
 * The public contact form: every message is kept, the admins are told of it (the bell, and the unread
 * count of their Messages screen), then it is mailed to the office.
 */
export function createContactService({ db, inUnitOfWork, mailer, notify, to, log }: ContactServiceDeps) {
  const unreadCount = () => countRows(db('contact_messages').whereNull('read_at'));

  return {
    /**
     * Stores the message with its mail to the office, then sends the mail. A bot (the honeypot filled) gets
     * the same answer and nothing is stored or sent, so it learns nothing. A mail failure still keeps the
     * message for the office to read.
     */
    async receiveMessage(input: ContactMessage, ip: string | null): Promise<ContactAnswer> {
      if (input[HONEYPOT_FIELD]?.trim()) return SENT;
      const email = input.email?.trim() || null;
      const message = {
        name: input.name.trim(),
        email,
        phone: input.phone.trim(),
        message: input.message.trim(),
      };
      const mail = {
        to,
        subject: `Contact form: ${message.name}`,
        text: [
          `Name: ${message.name}`,
          `Email: ${email ?? '(not given)'}`,
          `Phone: ${message.phone}`,
          '',
          message.message,
        ].join('\n'),
      };
      // The message, its mail and the admins' notifications are committed together before the visitor is
      // told it was sent: when they cannot be stored (another process holds the database's lock too long)
      // the visitor gets a 503 and may send again, rather than a "sent" for a message nobody will read.
      const { messageId, queued } = await inUnitOfWork(async (uow) => {
        const queuedMail = await mailer.queue(uow.trx, mail, null);
        const [id] = await uow.trx('contact_messages').insert({
          ...message,
          ip,
          mail_status: 'queued',
          mail_outbox_id: queuedMail.id,
          created_at: new Date(),
        });
        await notify.contactMessageReceived(uow, { name: message.name });
        return { messageId: int(id!), queued: queuedMail };
      });
      try {
        const [status] = await mailer.dispatch([queued]);
        if (status !== 'queued')
          await db('contact_messages').where({ id: messageId }).update({ mail_status: status });
      } catch (error) {
        // The message is kept; only its mail's outcome could not be recorded.
        log.error({ err: error, contactMessageId: messageId }, 'contact message mail status not recorded');
      }
      return SENT;
    },

    /** The admins' inbox: newest first, searched by name, e-mail, phone or text, optionally unread only. */
    async list(query: ContactInboxQuery): Promise<ContactInboxPage> {
      const { page, pageSize, offset } = pageBounds(query, MESSAGES_PAGE_SIZE);
      const q = db('contact_messages as c');
      if (query.unread) q.whereNull('c.read_at');
      whereContains(q, ['c.name', 'c.email', 'c.phone', 'c.message'], query.search);
      const [total, rows, unread]: [number, ContactInboxRow[], number] = await Promise.all([
        countRows(q.clone()),
        // The mail's state as the outbox has it now (sent again since, perhaps); messages kept before
        // the outbox was linked keep the state recorded with them.
        q
          .clone()
          .leftJoin('mail_outbox as o', 'o.id', 'c.mail_outbox_id')
          .select('c.*', db.raw('COALESCE(o.status, c.mail_status) as current_mail_status'))
          .orderBy('c.id', 'desc')
          .offset(offset)
          .limit(pageSize),
        unreadCount(),
      ]);
      return { items: rows.map(toContactMessage), total, page, pageSize, unread };
    },

    unreadCount,

    /** Marks a message read (when an admin first read it) or unread again. */
    async markRead(id: number, read: boolean): Promise<ContactInboxMessage> {
      const where = db('contact_messages').where({ id });
      if (read) await where.clone().whereNull('read_at').update({ read_at: new Date() });
      else await where.clone().update({ read_at: null });
      const row: ContactMessageRow | undefined = await db<ContactMessageRow>('contact_messages')
        .where({ id })
        .first();
      if (!row) throw notFound(MAIL_MESSAGES.messageNotFound);
      return toContactMessage(row);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
