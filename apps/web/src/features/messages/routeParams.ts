import { MAIL_STATUSES, type MailStatus } from '@portal/contracts';
import { listSearch } from '../../lib/listSearch.ts';

/** The Messages screen's URL: which tab, and that tab's search, page and filter. */
export interface MessagesSearch {
  tab?: 'outbox';
  search?: string;
  page?: number;
  /** Inbox: unread messages only. */
  unread?: true;
  /** Outbox: mails of one status only. */
  status?: MailStatus;
}

/** validateSearch for /admin/messages: anything malformed falls back to the defaults. */
export function validateMessagesSearch(raw: Record<string, unknown>): MessagesSearch {
  const status = MAIL_STATUSES.find((s) => s === raw.status);
  return {
    ...listSearch(raw),
    ...(raw.tab === 'outbox' ? { tab: 'outbox' as const } : {}),
    ...(raw.unread === true || raw.unread === 'true' ? { unread: true as const } : {}),
    ...(status ? { status } : {}),
  };
}

/** The screen's params from its URL, absent values at their defaults. */
export const messagesParams = (s: MessagesSearch) => ({
  tab: s.tab ?? ('inbox' as const),
  search: s.search ?? '',
  page: s.page ?? 1,
  unread: s.unread ?? false,
  status: s.status,
});
export type MessagesParams = ReturnType<typeof messagesParams>;
