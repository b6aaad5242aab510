import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PEOPLE } from '../../../../../features/people/areas.ts';
import { PersonScreen } from '../../../../../features/people/PersonScreen.tsx';
import { idParams } from '../../../../../lib/idParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/people/$id')({
  staticData: { title: 'Person' },
  params: idParams('id'),
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/people/api.ts').then((api) => api.personQuery(params.id)),
    ),
  component: function PersonRoute() {
    const { id } = Route.useParams();
    return <PersonScreen key={id} area={ADMIN_PEOPLE} personId={id} />;
  },
});
