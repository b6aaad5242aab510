import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/data-pegawai/edit/$userId')({
  component: () => <ComingSoon title="Edit User" />,
});
