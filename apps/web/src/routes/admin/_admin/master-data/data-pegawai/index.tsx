import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '../../../../../features/users/UserListScreen.tsx';
import { userListParams, validateUserListSearch } from '../../../../../features/users/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/')({
  staticData: { title: 'Employee Details' },
  validateSearch: validateUserListSearch,
  loaderDeps: ({ search }) => userListParams(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/users/api.ts').then((api) => api.userListQuery(deps)),
    ),
  component: UserListPage,
});
