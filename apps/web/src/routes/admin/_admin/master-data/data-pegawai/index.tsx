import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '../../../../../features/users/UserListScreen.tsx';
import { userListParams, validateUserListSearch } from '../../../../../features/users/routeParams.ts';
import { preload } from '../../../../../lib/usePagedList.ts';
import { userListQuery } from '../../../../../features/users/api.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/')({
  staticData: { title: 'Employee Details' },
  validateSearch: validateUserListSearch,
  loaderDeps: ({ search }) => userListParams(search),
  loader: ({ context, deps }) => preload(context.queryClient, userListQuery(deps)),
  component: UserListPage,
});
