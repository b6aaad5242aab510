import { createFileRoute } from '@tanstack/react-router';
import { UserFormScreen } from '../../../../../features/users/UserFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/form-data-pegawai')({
  staticData: { title: 'Add User' },
  component: () => <UserFormScreen />,
});
