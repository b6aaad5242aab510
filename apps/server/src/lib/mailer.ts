import type { Knex } from 'knex';
import { createTransport, type Transporter } from 'nodemailer';
import { toIsoString } from './dates.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailReceipt {
  /** `sent` through SMTP, or `queued` in the outbox when no SMTP server is configured. */
  status: 'sent' | 'queued';
  messageId: string | null;
}

/** What became of a mail kept in the outbox: `failed` when the SMTP server refused it or could not be reached. */
export type DeliveryStatus = MailReceipt['status'] | 'failed';

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
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
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const transport: Transporter | null = smtpUrl ? createTransport(smtpUrl) : null;

  const outboxRow = (mail: Mail, sentBy: number | null, receipt: MailReceipt) => ({
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    status: receipt.status,
    message_id: receipt.messageId,
    created_by_id: sentBy,
    created_at: new Date(),
  });

  return {
    /**
     * Keeps `mail` in the outbox as one of `trx`'s writes, to be handed to `deliver` once `trx` has
     * committed: what a person is told was sent is stored before they are told, or not at all.
     */
    async queue(trx: Knex | Knex.Transaction, mail: Mail, sentBy: number | null): Promise<number> {
      const [id] = await trx('mail_outbox').insert(
        outboxRow(mail, sentBy, { status: 'queued', messageId: null }),
      );
      return Number(id);
    },

    /**
     * Sends a mail that `queue` kept (its outbox row `id`) through SMTP and records the outcome there.
     * Without SMTP it stays queued for an admin to read.
     */
    async deliver(id: number, mail: Mail): Promise<DeliveryStatus> {
      if (!transport) return 'queued';
      let update: { status: DeliveryStatus; message_id?: string | null };
      try {
        const info = (await transport.sendMail({ from, ...mail })) as { messageId?: string };
        update = { status: 'sent', message_id: info.messageId ?? null };
      } catch (error) {
        log?.warn({ err: error, outboxId: id }, 'mail could not be sent; it is kept in the outbox as failed');
        update = { status: 'failed' };
      }
      await db('mail_outbox').where({ id }).update(update);
      return update.status;
    },

    /** Sends (or queues) one message; `sentBy` is the user on whose behalf it goes. */
    async send(mail: Mail, sentBy: number | null): Promise<MailReceipt> {
      let receipt: MailReceipt = { status: 'queued', messageId: null };
      if (transport) {
        const info = (await transport.sendMail({ from, ...mail })) as { messageId?: string };
        receipt = { status: 'sent', messageId: info.messageId ?? null };
      }
      await db('mail_outbox').insert(outboxRow(mail, sentBy, receipt));
      return receipt;
    },

    /** The newest messages, for an admin (and for tests, when no SMTP server is configured). */
    async outbox(limit = 50): Promise<OutboxEntry[]> {
      const rows = (await db('mail_outbox').orderBy('id', 'desc').limit(limit)) as Record<string, unknown>[];
      return rows.map((r) => ({
        id: Number(r.id),
        to: String(r.to_address),
        subject: String(r.subject),
        text: String(r.text_body),
        status: String(r.status),
        createdAt: toIsoString(r.created_at),
      }));
    },

    close: () => transport?.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
