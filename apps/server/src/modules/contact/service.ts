import type { Knex } from 'knex';
import { CONTACT_MESSAGES, HONEYPOT_FIELD, type ContactAnswer, type ContactMessage } from '@portal/contracts';
import type { Mailer } from '../../lib/mailer.ts';

export interface ContactServiceDeps {
  db: Knex;
  mailer: Mailer;
  /** Where messages go (CONTACT_TO). */
  to: string;
  log: { error(obj: unknown, msg: string): void };
}

const SENT: ContactAnswer = { success: true, message: CONTACT_MESSAGES.sentText };

/** The public contact form: every message is kept, then mailed to the office. */
export function createContactService({ db, mailer, to, log }: ContactServiceDeps) {
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
      // The message and its mail are committed together before the visitor is told it was sent: when they
      // cannot be stored (another process holds the database's lock too long) the visitor gets a 503 and
      // may send again, rather than a "sent" for a message nobody will read.
      const { messageId, queued } = await db.transaction(async (trx) => {
        const [id] = await trx('contact_messages').insert({
          ...message,
          ip,
          mail_status: 'queued',
          created_at: new Date(),
        });
        return { messageId: Number(id), queued: await mailer.queue(trx, mail, null) };
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
  };
}
export type ContactService = ReturnType<typeof createContactService>;
