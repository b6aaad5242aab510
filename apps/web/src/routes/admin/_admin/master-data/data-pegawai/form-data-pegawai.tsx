import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/form-data-pegawai')({
  component: () => <ComingSoon title="Add User" />,
});
