import { Link } from '@tanstack/react-router';
import { CONTACT_INBOX_PATH, MAIL_MESSAGES as T } from '@portal/contracts';
import { AppShell } from '../shell/AppShell.tsx';
import { ADMIN_NAV } from '../shell/nav.ts';
import { useMessagesStatus } from './useMessagesStatus.ts';

/**
 * The admin area's shell: the unread contact messages counted beside Messages in the sidebar and, while no
 * mail server is set up and mails wait, one line on every screen saying so, with the way to them.
 */
export function AdminShell() {
  const status = useMessagesStatus();
  const unread = status?.unreadMessages ?? 0;
  const waiting = status && !status.mailConfigured ? status.mailWaiting : 0;
  return (
    <AppShell
      title="Admin Portal"
      nav={ADMIN_NAV}
      badges={unread > 0 ? { [CONTACT_INBOX_PATH]: { count: unread, label: T.unreadLabel(unread) } } : {}}
      notice={
        waiting > 0 ? (
          <p className="shell-notice" role="status">
            <span>{T.notConfiguredBanner(waiting)}</span>{' '}
            <Link to="/admin/messages" search={{ tab: 'outbox' }}>
              {T.openMessages}
            </Link>
          </p>
        ) : null
      }
    />
  );
}
