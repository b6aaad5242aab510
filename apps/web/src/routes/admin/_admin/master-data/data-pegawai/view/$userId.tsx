import { createFileRoute } from '@tanstack/react-router';
import { UserDetailsScreen } from '../../../../../../features/users/UserDetailsScreen.tsx';
import { userIdParams } from '../../../../../../features/users/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/view/$userId')({
  params: userIdParams,
  component: function ViewUser() {
    return <UserDetailsScreen userId={Route.useParams().userId} />;
  },
});
