import { Type, type Static } from 'typebox';
import { ListQuery, Page } from './common.ts';
import { MAIL_STATUSES, type MailStatus } from './constants.ts';

/**
 * The admins' Messages screen: the public contact form's messages (an inbox, read or unread) and the mail
 * outbox (every mail the app sent or holds, with what became of it). Without a mail server configured
 * (`SMTP_URL`) mail waits in the outbox; the screen and the admin shell say so instead of "sent".
 */

/** The admins' Messages screen (a contact message's notification leads there). */
export const CONTACT_INBOX_PATH = '/admin/messages';

/** Rows a page of each Messages list. */
export const MESSAGES_PAGE_SIZE = 10;

export const OutboxEntry = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  status: Type.Enum(MAIL_STATUSES, { title: 'Status' }),
  /** Why the mail server refused it or could not be reached; null unless `failed`. */
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type OutboxEntry = Static<typeof OutboxEntry>;

/** `GET /api/mail/outbox?status=&page=&pageSize=`: newest first. */
export const OutboxQuery = Type.Intersect([
  ListQuery,
  Type.Object({ status: Type.Optional(Type.Enum(MAIL_STATUSES, { title: 'Status' })) }),
]);
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxPage = Page(OutboxEntry);
export type OutboxPage = Static<typeof OutboxPage>;

/** `GET /api/messages/status`: what the admin shell shows on every screen. */
export const MessagesStatus = Type.Object({
  /** A mail server is configured: mail goes out when it is sent. */
  mailConfigured: Type.Boolean(),
  /** Mails not sent: queued (waiting) or failed. */
  mailWaiting: Type.Integer(),
  /** Contact-form messages no admin has read yet (the sidebar's count). */
  unreadMessages: Type.Integer(),
});
export type MessagesStatus = Static<typeof MessagesStatus>;

/** One message of the public contact form, as the admins' inbox shows it. */
export const ContactInboxMessage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String(),
  message: Type.String(),
  /** What became of its mail to the office (CONTACT_TO). */
  mailStatus: Type.Enum(MAIL_STATUSES, { title: 'Mail status' }),
  readAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type ContactInboxMessage = Static<typeof ContactInboxMessage>;

/** `GET /api/contact-messages?unread=&search=&page=`: newest first. */
export const ContactInboxQuery = Type.Intersect([
  ListQuery,
  Type.Object({ unread: Type.Optional(Type.Boolean({ title: 'Unread only' })) }),
]);
export type ContactInboxQuery = Static<typeof ContactInboxQuery>;

export const ContactInboxPage = Type.Object({
  ...Page(ContactInboxMessage).properties,
  /** How many messages no admin has read (the sidebar's count). */
  unread: Type.Integer(),
});
export type ContactInboxPage = Static<typeof ContactInboxPage>;

/** `PATCH /api/contact-messages/:id`: read or unread again. */
export const ContactInboxUpdate = Type.Object(
  { read: Type.Boolean({ title: 'Read' }) },
  { additionalProperties: false },
);
export type ContactInboxUpdate = Static<typeof ContactInboxUpdate>;

export const MAIL_MESSAGES = {
  title: 'Messages',
  inbox: 'Contact messages',
  outbox: 'Mail outbox',
  statusLabels: { sent: 'Sent', queued: 'Waiting', failed: 'Failed' } as Record<MailStatus, string>,
  /** The admin shell's one line while mail waits and no mail server is configured. */
  notConfiguredBanner: (n: number) =>
    `Mail is not set up: ${n} ${n === 1 ? 'mail is' : 'mails are'} waiting in the outbox and ${n === 1 ? 'has' : 'have'} not been sent.`,
  openMessages: 'Open Messages',
  notConfigured:
    'Mail is not set up: set SMTP_URL to a mail server and restart the app, then send the waiting mails again.',
  resend: 'Send again',
  resent: 'Mail sent',
  resendFailed: (reason: string) => `The mail could not be sent: ${reason}`,
  alreadySent: 'This mail has already been sent',
  outboxNotFound: 'Mail not found',
  messageNotFound: 'Message not found',
  loadFailed: 'Failed to load messages',
  outboxLoadFailed: 'Failed to load the mail outbox',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  noMessages: 'No messages yet',
  noMessagesHint: 'Messages sent through the contact form appear here.',
  noUnread: 'No unread messages',
  noMail: 'No mail yet',
  noMailHint: 'Mails the portal sends (shortlists, the contact form, careers applications) appear here.',
  unreadLabel: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  /** A bell notification for admins. */
  contactReceived: (name: string) => `New contact message from ${name}`,
} as const;
