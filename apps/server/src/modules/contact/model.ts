import type { ContactInboxMessage, MailStatus } from '@portal/contracts';
import { int, isoTime, isoTimeOrNull, type DbInt, type DbTime } from '../../lib/rows.ts';

/** A row of `contact_messages`: a message sent through the public contact form. */
export interface ContactMessageRow {
  id: DbInt;
  name: string;
  email: string | null;
  phone: string;
  message: string;
  /** The sender's address, for following up abuse. */
  ip: string | null;
  /** The mail's state as recorded with the message (`queued`, `sent` or `failed`). */
  mail_status: string;
  mail_outbox_id: DbInt | null;
  read_at: DbTime | null;
  created_at: DbTime;
}

/** A message as the inbox lists it, with its mail's state as the outbox has it now. */
export interface ContactInboxRow extends ContactMessageRow {
  current_mail_status?: string | null;
}

const mailStatusOf = (value: string | null | undefined): MailStatus =>
  value === 'sent' || value === 'failed' ? value : 'queued';

/** A message as the admins' inbox shows it. */
export const toContactMessage = (row: ContactInboxRow): ContactInboxMessage => ({
  id: int(row.id),
  name: row.name,
  email: row.email ?? null,
  phone: row.phone,
  message: row.message,
  mailStatus: mailStatusOf(row.current_mail_status ?? row.mail_status),
  readAt: isoTimeOrNull(row.read_at),
  createdAt: isoTime(row.created_at),
});
