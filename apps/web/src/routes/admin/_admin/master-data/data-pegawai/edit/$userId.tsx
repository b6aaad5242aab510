import { createFileRoute } from '@tanstack/react-router';
import { UserFormScreen } from '../../../../../../features/users/UserFormScreen.tsx';
import { userIdParams } from '../../../../../../features/users/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/edit/$userId')({
  staticData: { title: 'Edit User' },
  params: userIdParams,
  component: function EditUser() {
    return <UserFormScreen userRef={Route.useParams().userId} />;
  },
});
