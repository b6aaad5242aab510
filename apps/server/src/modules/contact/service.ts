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
     * Stores the message and mails it. A bot (the honeypot filled) gets the same answer and nothing is
     * stored or sent, so it learns nothing. A mail failure still keeps the message for the office to read.
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
      let status: 'sent' | 'queued' | 'failed';
      try {
        status = (
          await mailer.send(
            {
              to,
              subject: `Contact form: ${message.name}`,
              text: [
                `Name: ${message.name}`,
                `Email: ${email ?? '(not given)'}`,
                `Phone: ${message.phone}`,
                '',
                message.message,
              ].join('\n'),
            },
            null,
          )
        ).status;
      } catch (error) {
        log.error({ err: error }, 'contact message could not be mailed; it is kept in contact_messages');
        status = 'failed';
      }
      await db('contact_messages').insert({ ...message, ip, mail_status: status, created_at: new Date() });
      return SENT;
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
