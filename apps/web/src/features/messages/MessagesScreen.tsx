import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAIL_MESSAGES as T,
  MAIL_STATUSES,
  MESSAGES_PAGE_SIZE,
  type ContactInboxMessage,
  type ContactInboxPage,
  type MailStatus,
  type OutboxEntry,
  type OutboxPage,
} from '@portal/contracts';
import {
  Button,
  ListToolbar,
  StatusBadge,
  Tabs,
  ToolbarSelect,
  toast,
  type BadgeTone,
  type Column,
} from '@portal/ui';
import { failureMessage } from '../../lib/formErrors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ListTable } from '../../lib/ListTable.tsx';
import { useListScreen } from '../../lib/useListScreen.ts';
import { inboxQuery, markMessageRead, messagesKeys, outboxQuery, resendMail } from './api.ts';
import { messagesParams, type MessagesParams } from './routeParams.ts';
import { useMessagesStatus } from './useMessagesStatus.ts';

const TONES: Record<MailStatus, BadgeTone> = { sent: 'green', queued: 'amber', failed: 'red' };

function MailBadge({ status }: { status: MailStatus }) {
  return <StatusBadge status={status} label={T.statusLabels[status]} tone={TONES[status]} />;
}

type Change = (next: Partial<MessagesParams>) => void;

/** The contact form's messages, newest first, unread ones marked, each marked read or unread by a button. */
function Inbox({ params, onChange }: { params: MessagesParams; onChange: Change }) {
  const queryClient = useQueryClient();
  const screen = useListScreen<MessagesParams, ContactInboxMessage, ContactInboxPage>({
    params,
    onParamsChange: onChange,
    query: inboxQuery(params.search, params.page, params.unread),
    failedMessage: T.loadFailed,
  });
  const mark = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => markMessageRead(id, read),
    onError: (error) => {
      const message = failureMessage(error, T.loadFailed);
      if (message) toast.error(message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
  });
  const columns: Column<ContactInboxMessage>[] = [
    {
      key: 'from',
      header: 'From',
      render: (m) => (
        <div className="message-from">
          {m.readAt ? <span>{m.name}</span> : <strong>{m.name}</strong>}
          {m.readAt ? null : <StatusBadge status="new" label="New" tone="blue" />}
          <div className="muted">{m.email ?? 'No e-mail given'}</div>
          <div className="muted">{m.phone}</div>
        </div>
      ),
    },
    { key: 'message', header: 'Message', render: (m) => <p className="message-text">{m.message}</p> },
    { key: 'received', header: 'Received', render: (m) => formatDateTime(m.createdAt) ?? '' },
    { key: 'mail', header: 'Mail to office', render: (m) => <MailBadge status={m.mailStatus} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${m.readAt ? T.markUnread : T.markRead}: ${m.name}`}
          isDisabled={mark.isPending}
          onPress={() => mark.mutate({ id: m.id, read: !m.readAt })}
        >
          {m.readAt ? T.markUnread : T.markRead}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListToolbar
        searchLabel="Search messages"
        searchPlaceholder="Search by name, e-mail, phone or text..."
        searchBox={screen.searchBox}
      >
        <ToolbarSelect
          label="Show"
          value={params.unread ? 'unread' : 'all'}
          options={[
            { value: 'all', label: 'All messages' },
            { value: 'unread', label: 'Unread only' },
          ]}
          onChange={(v) => screen.change({ unread: v === 'unread' })}
        />
      </ListToolbar>
      <ListTable
        screen={screen}
        caption={T.inbox}
        columns={columns}
        rowKey={(m) => m.id}
        rowClassName={(m) => (m.readAt ? undefined : 'row-unread')}
        loadingText="Loading messages..."
        emptyTitle={
          params.unread ? T.noUnread : params.search ? 'No messages match your search' : T.noMessages
        }
        emptyHint={params.search ? 'Try other words.' : T.noMessagesHint}
        pageSize={MESSAGES_PAGE_SIZE}
        deleteTitle={() => ''}
        deleteMessage=""
      />
    </>
  );
}

/** Every mail the portal sent or holds: its state, a failure's reason, and "send again" once mail is set up. */
function Outbox({
  params,
  onChange,
  configured,
}: {
  params: MessagesParams;
  onChange: Change;
  configured: boolean;
}) {
  const queryClient = useQueryClient();
  const screen = useListScreen<MessagesParams, OutboxEntry, OutboxPage>({
    params,
    onParamsChange: onChange,
    query: outboxQuery(params.page, params.status),
    failedMessage: T.outboxLoadFailed,
  });
  const resend = useMutation({
    mutationFn: (mail: OutboxEntry) => resendMail(mail.id),
    onSuccess: (mail) =>
      mail.status === 'sent' ? toast.success(T.resent) : toast.error(T.resendFailed(mail.error ?? '')),
    onError: (error) => {
      const message = failureMessage(error, T.outboxLoadFailed);
      if (message) toast.error(message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
  });
  const columns: Column<OutboxEntry>[] = [
    { key: 'to', header: 'To', render: (m) => m.to },
    { key: 'subject', header: 'Subject', render: (m) => <strong>{m.subject}</strong> },
    {
      key: 'status',
      header: 'Status',
      render: (m) => (
        <div>
          <MailBadge status={m.status} />
          {m.status === 'failed' && m.error ? <div className="muted mail-error">{m.error}</div> : null}
        </div>
      ),
    },
    { key: 'created', header: 'Created', render: (m) => formatDateTime(m.createdAt) ?? '' },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) =>
        m.status !== 'sent' && configured ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${T.resend}: ${m.subject}`}
            isDisabled={resend.isPending}
            onPress={() => resend.mutate(m)}
          >
            {T.resend}
          </Button>
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];
  return (
    <>
      {configured ? null : <p className="banner banner-warning">{T.notConfigured}</p>}
      <div className="toolbar">
        <ToolbarSelect
          label="Status"
          value={params.status ?? 'all'}
          options={[
            { value: 'all', label: 'All mail' },
            ...MAIL_STATUSES.map((s) => ({ value: s, label: T.statusLabels[s] })),
          ]}
          onChange={(v) => screen.change({ status: v === 'all' ? undefined : (v as MailStatus) })}
        />
      </div>
      <ListTable
        screen={screen}
        caption={T.outbox}
        columns={columns}
        rowKey={(m) => m.id}
        loadingText="Loading mail..."
        emptyTitle={T.noMail}
        emptyHint={T.noMailHint}
        pageSize={MESSAGES_PAGE_SIZE}
        deleteTitle={() => ''}
        deleteMessage=""
      />
    </>
  );
}

/** The admins' Messages screen: the contact form's inbox and the mail outbox, one tab each. */
export function MessagesScreen() {
  const params = messagesParams(useSearch({ from: '/admin/_admin/messages' }));
  const navigate = useNavigate();
  const status = useMessagesStatus();
  const onChange = (next: Partial<MessagesParams>) => {
    const p = { ...params, ...next };
    void navigate({
      to: '/admin/messages',
      search: {
        tab: p.tab === 'outbox' ? 'outbox' : undefined,
        search: p.search || undefined,
        page: p.page > 1 ? p.page : undefined,
        unread: p.unread ? true : undefined,
        status: p.status,
      },
      replace: true,
    });
  };
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{T.title}</h1>
      </div>
      <Tabs
        label={T.title}
        items={[
          { id: 'inbox', label: T.inbox, count: status?.unreadMessages },
          { id: 'outbox', label: T.outbox, count: status?.mailWaiting },
        ]}
        selectedId={params.tab}
        onSelectionChange={(id) =>
          onChange({
            tab: id === 'outbox' ? 'outbox' : 'inbox',
            search: '',
            page: 1,
            unread: false,
            status: undefined,
          })
        }
      >
        {params.tab === 'outbox' ? (
          <Outbox params={params} onChange={onChange} configured={status?.mailConfigured ?? true} />
        ) : (
          <Inbox params={params} onChange={onChange} />
        )}
      </Tabs>
    </section>
  );
}
