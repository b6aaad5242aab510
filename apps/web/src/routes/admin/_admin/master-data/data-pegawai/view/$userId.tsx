import { createFileRoute } from '@tanstack/react-router';
import { UserDetailsScreen } from '../../../../../../features/users/UserDetailsScreen.tsx';
import { userIdParams } from '../../../../../../features/users/routeParams.ts';
import { preload } from '../../../../../../lib/usePagedList.ts';
import { userQuery } from '../../../../../../features/users/api.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/view/$userId')({
  staticData: { title: 'User Details' },
  params: userIdParams,
  loader: ({ context, params }) => preload(context.queryClient, userQuery(params.userId)),
  component: function ViewUser() {
    return <UserDetailsScreen userRef={Route.useParams().userId} />;
  },
});
