import { createFileRoute } from '@tanstack/react-router';
import { UserFormScreen } from '../../../../../../features/users/UserFormScreen.tsx';
import { userIdParams } from '../../../../../../features/users/routeParams.ts';
import { preload } from '../../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/edit/$userId')({
  staticData: { title: 'Edit User' },
  params: userIdParams,
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../features/users/api.ts').then((api) => api.userQuery(params.userId)),
    ),
  component: function EditUser() {
    return <UserFormScreen userRef={Route.useParams().userId} />;
  },
});
