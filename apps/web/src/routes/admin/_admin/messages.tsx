import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../../../features/messages/MessagesScreen.tsx';
import { messagesParams, validateMessagesSearch } from '../../../features/messages/routeParams.ts';
import { preload, type PageQuery } from '../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/messages')({
  staticData: { title: 'Messages' },
  validateSearch: validateMessagesSearch,
  loaderDeps: ({ search }) => messagesParams(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../features/messages/api.ts').then((api): PageQuery<unknown> =>
        deps.tab === 'outbox'
          ? api.outboxQuery(deps.page, deps.status)
          : api.inboxQuery(deps.search, deps.page, deps.unread),
      ),
    ),
  component: MessagesScreen,
});
