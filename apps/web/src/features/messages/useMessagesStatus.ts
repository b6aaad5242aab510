import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onResync, useLiveEvent } from '../../lib/live.ts';
import { messagesKeys, messagesStatusQuery } from './api.ts';

/**
 * The admins' messages status (mail set up or not, mails waiting, unread contact messages), kept current:
 * a new contact message reaches every admin live as a notification, which also refreshes the counts and
 * any open inbox; after a reconnect that lost messages it is read again.
 */
export function useMessagesStatus() {
  const queryClient = useQueryClient();
  const query = useQuery(messagesStatusQuery);
  useEffect(() => onResync(() => void queryClient.invalidateQueries({ queryKey: messagesKeys.all })));
  useLiveEvent('notification:new', (n) => {
    if (n.kind === 'contact_message') void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
  });
  return query.data;
}
