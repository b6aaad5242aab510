import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/pegawai/_employee/data-gaji')({
  component: () => <ComingSoon title="Salary Slips" />,
});
