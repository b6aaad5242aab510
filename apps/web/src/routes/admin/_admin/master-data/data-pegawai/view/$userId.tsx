import { createFileRoute } from '@tanstack/react-router';
import { UserDetailsScreen } from '../../../../../../features/users/UserDetailsScreen.tsx';
import { userIdParams } from '../../../../../../features/users/routeParams.ts';
import { preload } from '../../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/view/$userId')({
  staticData: { title: 'User Details' },
  params: userIdParams,
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../features/users/api.ts').then((api) => api.userQuery(params.userId)),
    ),
  component: function ViewUser() {
    return <UserDetailsScreen userRef={Route.useParams().userId} />;
  },
});
