import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_MESSAGES as N, type Notification, type NotificationPage } from '@portal/contracts';
import { SuggestedMoveAction, useSuggestedMoves } from '../client-feedback/NotificationMove.tsx';
import { Button, DropdownPanel } from '@portal/ui';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { onResync, useLiveEvent } from '../../lib/live.ts';

export const notificationKeys = { all: ['notifications'] as const };

const fetchNotifications = () => api<NotificationPage>('/api/notifications');
const markRead = (id: number) => api<Notification>(`/api/notifications/${id}/read`, { method: 'POST' });
const markAllRead = () => api<{ unread: number }>('/api/notifications/read-all', { method: 'POST' });

/** "Nov 25, 2026, 21:05": the app's date, with the time a notification needs (the firm's clock). */
const when = (value: string): string => formatDateTime(value, { hours24: true }) ?? '';

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/**
 * The header's bell: the signed-in user's notifications, newest first, with the unread count on the
 * bell. A new one arrives live (the user's own room) and is added at once; after a reconnect that lost
 * messages the list is read again. Opening one marks it read and goes to what it is about.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const query = useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useEffect(() => onResync(refetch));
  useLiveEvent('notification:new', (n) => {
    queryClient.setQueryData<NotificationPage>(notificationKeys.all, (page) =>
      page && !page.items.some((i) => i.id === n.id)
        ? { ...page, items: [n, ...page.items], unread: page.unread + (n.readAt ? 0 : 1) }
        : page,
    );
    refetch();
  });
  const setRead = (ids: number[] | 'all') =>
    queryClient.setQueryData<NotificationPage>(notificationKeys.all, (page) => {
      if (!page) return page;
      const now = new Date().toISOString();
      const items = page.items.map((i) =>
        !i.readAt && (ids === 'all' || ids.includes(i.id)) ? { ...i, readAt: now } : i,
      );
      const marked = page.items.filter((i) => !i.readAt).length - items.filter((i) => !i.readAt).length;
      return { ...page, items, unread: ids === 'all' ? 0 : Math.max(0, page.unread - marked) };
    });
  const readOne = useMutation({
    mutationFn: markRead,
    onMutate: (id) => setRead([id]),
    onSettled: refetch,
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onMutate: () => setRead('all'),
    onSettled: refetch,
  });

  // A client's decision offers the move it suggests; the rejection's dialog opens with the bell closed.
  const moves = useSuggestedMoves({
    onAct: (n) => {
      if (!n.readAt) readOne.mutate(n.id);
    },
    onDialog: () => setOpen(false),
  });

  const page = query.data;
  const unread = page?.unread ?? 0;
  const items = page?.items ?? [];
  return (
    <>
      <DropdownPanel
        label={N.title}
        buttonLabel={unread > 0 ? `${N.title}, ${N.unreadLabel(unread)}` : N.title}
        isOpen={open}
        onOpenChange={setOpen}
        className="notifications-popover"
        trigger={
          <>
            <BellIcon />
            {unread > 0 ? (
              <span className="bell-badge" aria-hidden>
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </>
        }
      >
        <div className="notifications-head">
          <strong>{N.title}</strong>
          {unread > 0 ? (
            <Button variant="secondary" size="sm" onPress={() => readAll.mutate()}>
              {N.markAllRead}
            </Button>
          ) : null}
        </div>
        {query.isError ? <p className="muted">{N.loadFailed}</p> : null}
        {items.length === 0 ? (
          <p className="muted">{N.none}</p>
        ) : (
          <>
            {unread === 0 ? <p className="muted notifications-none">{N.none}</p> : null}
            <ul className="notifications-list" aria-label={N.title}>
              {items.map((n) => (
                <li key={n.id} className={n.readAt ? 'notification' : 'notification notification-unread'}>
                  <div className="notification-body">
                    {n.link ? (
                      <Link
                        to={n.link}
                        className="notification-link"
                        onClick={() => {
                          if (!n.readAt) readOne.mutate(n.id);
                          setOpen(false);
                        }}
                      >
                        {n.text}
                        <span className="sr-only">{n.readAt ? '' : ' (unread)'}</span>
                      </Link>
                    ) : (
                      <span>{n.text}</span>
                    )}
                    <time className="muted notification-time" dateTime={n.createdAt}>
                      {when(n.createdAt)}
                    </time>
                    <SuggestedMoveAction notification={n} moves={moves} />
                  </div>
                  {n.readAt ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${N.markRead}: ${n.text}`}
                      onPress={() => readOne.mutate(n.id)}
                    >
                      {N.markRead}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </DropdownPanel>
      {moves.dialog}
    </>
  );
}
