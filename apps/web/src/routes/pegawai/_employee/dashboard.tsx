import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/pegawai/_employee/dashboard')({
  component: () => <ComingSoon title="Recruitment Dashboard" />,
});
