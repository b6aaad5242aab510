import type { Knex } from 'knex';
import { createTransport, type Transporter } from 'nodemailer';
import {
  MAIL_MESSAGES,
  MESSAGES_PAGE_SIZE,
  type OutboxEntry,
  type OutboxPage,
  type OutboxQuery,
} from '@portal/contracts';
import { conflict, notFound } from '../errors.ts';
import { int, isoTime, type DbInt, type DbTime } from './rows.ts';
import { countRows, pageBounds } from './paging.ts';

/** An iCalendar (RFC 5545) part: an invitation (`REQUEST`) or its cancellation (`CANCEL`). */
export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  /** The whole VCALENDAR text. */
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as the mail's text/calendar part (`method=` its METHOD), which calendars offer to add or remove. */
  calendar?: CalendarPart;
}

/** What nodemailer is handed for a mail: its calendar part as `icalEvent` (text/calendar; method=…). */
function transportMessage(from: string, { calendar, ...mail }: Mail) {
  return {
    from,
    ...mail,
    ...(calendar
      ? {
          icalEvent: {
            method: calendar.method,
            filename: calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
            content: calendar.content,
          },
        }
      : {}),
  };
}

export interface MailReceipt {
  /** `sent` through SMTP, or `queued` in the outbox when no SMTP server is configured. */
  status: 'sent' | 'queued';
  messageId: string | null;
}

/** What became of a mail kept in the outbox: `failed` when the SMTP server refused it or could not be reached. */
export type DeliveryStatus = MailReceipt['status'] | 'failed';

/** The longest failure reason kept (the column's size). */
const ERROR_LENGTH = 500;

/** Why a delivery failed, in the SMTP server's or the connection's words, short enough to keep. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.trim() || 'Unknown error').slice(0, ERROR_LENGTH);
}

/** A row of `mail_outbox`. */
interface OutboxRow {
  id: DbInt;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  icalendar?: string | null;
  icalendar_method?: string | null;
  status: string;
  error: string | null;
  created_at: DbTime;
}

/** A kept mail as it is sent again, with its calendar part when it has one. */
const mailOfRow = (row: OutboxRow): Mail => ({
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  ...(row.html_body == null ? {} : { html: row.html_body }),
  ...(row.icalendar == null
    ? {}
    : {
        calendar: {
          method: row.icalendar_method === 'CANCEL' ? 'CANCEL' : 'REQUEST',
          content: row.icalendar,
        },
      }),
});

const toEntry = (r: OutboxRow): OutboxEntry => ({
  id: int(r.id),
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  status: r.status === 'sent' || r.status === 'failed' ? r.status : 'queued',
  error: r.error,
  createdAt: isoTime(r.created_at),
});

/** A message kept in the outbox by `queue`, to be handed to `dispatch` after its transaction commits. */
export interface QueuedMail {
  id: number;
  mail: Mail;
}

const DEFAULT_FROM = 'Talent & Property Portal <no-reply@localhost>';

/**
 * Mail: through SMTP when `SMTP_URL` is set, else kept in the outbox table for an admin to
 * read. Either way the outbox records what was sent, to whom and by whom, so nothing said to a client is lost.
 */
export function createMailer({
  db,
  smtpUrl,
  from = DEFAULT_FROM,
  log,
}: {
  db: Knex;
  smtpUrl?: string | undefined;
  from?: string | undefined;
  /** Where a mail the SMTP server refused is reported (it stays in the outbox as `failed`). */
  log?: { error(obj: unknown, msg: string): void };
}) {
  const transport: Transporter | null = smtpUrl ? createTransport(smtpUrl) : null;
  /** Deliveries started and not yet finished, which closing the mailer waits for. */
  const delivering = new Set<Promise<unknown>>();

  const outboxRow = (mail: Mail, sentBy: number | null, receipt: MailReceipt) => ({
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    icalendar: mail.calendar?.content ?? null,
    icalendar_method: mail.calendar?.method ?? null,
    status: receipt.status,
    message_id: receipt.messageId,
    created_by_id: sentBy,
    created_at: new Date(),
  });

  /**
   * Sends one queued row through SMTP and records the outcome on it: `sent`, or `failed` with the reason
   * (kept for the admin reading the outbox) and logged.
   */
  async function deliver({ id, mail }: QueuedMail): Promise<DeliveryStatus> {
    try {
      const info = (await transport!.sendMail(transportMessage(from, mail))) as { messageId?: string };
      await db('mail_outbox')
        .where({ id })
        .update({ status: 'sent', message_id: info.messageId ?? null, error: null });
      return 'sent';
    } catch (error) {
      log?.error({ err: error, outboxId: id }, 'a queued mail could not be sent; it stays in the outbox');
      await db('mail_outbox')
        .where({ id })
        .update({ status: 'failed', error: reasonOf(error) })
        .catch(() => undefined);
      return 'failed';
    }
  }

  return {
    /** Whether a mail server is configured: without one, every mail waits in the outbox. */
    configured: transport !== null,
    /** Who mails come from (MAIL_FROM): an invitation's organizer. */
    from,

    /** Sends (or queues) one message; `sentBy` is the user on whose behalf it goes. */
    async send(mail: Mail, sentBy: number | null): Promise<MailReceipt> {
      let receipt: MailReceipt = { status: 'queued', messageId: null };
      if (transport) {
        const info = (await transport.sendMail(transportMessage(from, mail))) as { messageId?: string };
        receipt = { status: 'sent', messageId: info.messageId ?? null };
      }
      await db('mail_outbox').insert(outboxRow(mail, sentBy, receipt));
      return receipt;
    },

    /**
     * Queues one message in the outbox inside `trx`, the transaction of the change it tells of, so that it
     * is kept exactly when the change is: what a person is told was sent is stored before they are told, or
     * not at all. Returns what `dispatch` takes once that transaction has committed.
     */
    async queue(trx: Knex.Transaction, mail: Mail, sentBy: number | null): Promise<QueuedMail> {
      const [id] = await trx('mail_outbox').insert(
        outboxRow(mail, sentBy, { status: 'queued', messageId: null }),
      );
      return { id: Number(id), mail };
    },

    /**
     * Starts sending committed, queued messages through SMTP; without SMTP they stay queued. A request need
     * not wait for it (the careers form answers at once, whatever the mail server's speed); one that wants
     * the outcome awaits the statuses.
     */
    dispatch(queued: QueuedMail[]): Promise<DeliveryStatus[]> {
      if (!transport) return Promise.resolve(queued.map(() => 'queued' as const));
      const deliveries = queued.map((one) => {
        const delivery = deliver(one).finally(() => delivering.delete(delivery));
        delivering.add(delivery);
        return delivery;
      });
      return Promise.all(deliveries);
    },

    /** Resolves once every delivery started so far has finished (closing, and tests reading the outcome). */
    async settled(): Promise<void> {
      await Promise.all([...delivering]);
    },

    /** The newest messages, for an admin (and for tests, when no SMTP server is configured). */
    async outbox(limit = 50): Promise<OutboxEntry[]> {
      const rows = await db<OutboxRow>('mail_outbox').orderBy('id', 'desc').limit(limit);
      return rows.map(toEntry);
    },

    /** A page of the outbox, newest first, optionally of one status only (the admins' Messages screen). */
    async outboxPage(query: OutboxQuery): Promise<OutboxPage> {
      const { page, pageSize, offset } = pageBounds(query, MESSAGES_PAGE_SIZE);
      const q = db<OutboxRow>('mail_outbox');
      if (query.status) q.where('status', query.status);
      const [total, rows] = await Promise.all([
        countRows(q.clone()),
        q.clone().orderBy('id', 'desc').offset(offset).limit(pageSize),
      ]);
      return { items: rows.map(toEntry), total, page, pageSize };
    },

    /** How many mails have not gone out (queued or failed): the admin shell's notice. */
    async waiting(): Promise<number> {
      return countRows(db('mail_outbox').whereIn('status', ['queued', 'failed']));
    },

    /**
     * Sends a mail of the outbox that has not gone out (queued, or failed) once more, and answers with what
     * became of it. Without a mail server there is nothing to send it through: a 409 that says so.
     */
    async resend(id: number): Promise<OutboxEntry> {
      const row = await db<OutboxRow>('mail_outbox').where({ id }).first();
      if (!row) throw notFound(MAIL_MESSAGES.outboxNotFound);
      if (row.status === 'sent') throw conflict(MAIL_MESSAGES.alreadySent);
      if (!transport) throw conflict(MAIL_MESSAGES.notConfigured);
      const mail = mailOfRow(row);
      const delivery = deliver({ id, mail }).finally(() => delivering.delete(delivery));
      delivering.add(delivery);
      await delivery;
      return toEntry((await db<OutboxRow>('mail_outbox').where({ id }).first())!);
    },

    /** Lets the deliveries under way finish, then closes the SMTP connection. */
    async close(): Promise<void> {
      await Promise.all([...delivering]);
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
