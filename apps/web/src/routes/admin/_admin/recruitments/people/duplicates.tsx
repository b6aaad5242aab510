import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PEOPLE } from '../../../../../features/people/areas.ts';
import { DuplicatesScreen } from '../../../../../features/people/DuplicatesScreen.tsx';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/people/duplicates')({
  staticData: { title: 'Possible duplicates' },
  loader: ({ context }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/people/api.ts').then((api) => api.duplicatesQuery()),
    ),
  component: () => <DuplicatesScreen area={ADMIN_PEOPLE} />,
});
