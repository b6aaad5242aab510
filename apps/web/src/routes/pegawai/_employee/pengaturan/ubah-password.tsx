import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '../../../../features/users/ChangePasswordScreen.tsx';

export const Route = createFileRoute('/pegawai/_employee/pengaturan/ubah-password')({
  staticData: { title: 'Change Password' },
  component: ChangePasswordScreen,
});
