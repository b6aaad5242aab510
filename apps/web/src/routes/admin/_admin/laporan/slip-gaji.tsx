import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/laporan/slip-gaji')({
  component: () => <ComingSoon title="Salary Slip" />,
});
