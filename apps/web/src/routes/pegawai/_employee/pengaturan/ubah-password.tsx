import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/pegawai/_employee/pengaturan/ubah-password')({
  component: () => <ComingSoon title="Change Password" />,
});
