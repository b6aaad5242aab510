import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '../../../../features/users/ChangePasswordScreen.tsx';

export const Route = createFileRoute('/admin/_admin/pengaturan/ubah-password')({
  staticData: { title: 'Change Password' },
  component: ChangePasswordScreen,
});
