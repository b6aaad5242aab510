import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/transaksi/setting-potongan-gaji/')({
  component: () => <ComingSoon title="Salary Deductions" />,
});
