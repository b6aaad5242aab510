import {
  MAIL_MESSAGES,
  type ContactInboxMessage,
  type ContactInboxPage,
  type MailStatus,
  type MessagesStatus,
  type OutboxEntry,
  type OutboxPage,
} from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';

export const messagesKeys = {
  all: ['messages'] as const,
  status: ['messages', 'status'] as const,
  inbox: (search: string, page: number, unread: boolean) =>
    ['messages', 'inbox', search, page, unread] as const,
  outbox: (page: number, status: MailStatus | undefined) => ['messages', 'outbox', page, status] as const,
};

/** Whether mail is set up, how many mails wait, how many contact messages are unread (the admin shell). */
export const messagesStatusQuery = {
  queryKey: messagesKeys.status,
  queryFn: () => api<MessagesStatus>('/api/messages/status'),
};

/** A page of the contact form's messages: the route's loader and the screen read the same query. */
export const inboxQuery = (search: string, page: number, unread: boolean): PageQuery<ContactInboxPage> => ({
  queryKey: messagesKeys.inbox(search, page, unread),
  queryFn: ({ signal }) =>
    api<ContactInboxPage>(
      `/api/contact-messages${queryString({ search: search.trim(), page, unread: unread ? 'true' : undefined })}`,
      { fallbackMessage: MAIL_MESSAGES.loadFailed, signal },
    ),
});

/** A page of the mail outbox, optionally of one status. */
export const outboxQuery = (page: number, status: MailStatus | undefined): PageQuery<OutboxPage> => ({
  queryKey: messagesKeys.outbox(page, status),
  queryFn: ({ signal }) =>
    api<OutboxPage>(`/api/mail/outbox${queryString({ page, status })}`, {
      fallbackMessage: MAIL_MESSAGES.outboxLoadFailed,
      signal,
    }),
});

export const markMessageRead = (id: number, read: boolean) =>
  api<ContactInboxMessage>(`/api/contact-messages/${id}`, { method: 'PATCH', body: { read } });

export const resendMail = (id: number) =>
  api<OutboxEntry>(`/api/mail/outbox/${id}/resend`, { method: 'POST' });
