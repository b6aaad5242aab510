import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '../../../../../features/users/UserListScreen.tsx';
import { validateUserListSearch } from '../../../../../features/users/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/')({
  staticData: { title: 'Employee Details' },
  validateSearch: validateUserListSearch,
  component: UserListPage,
});
