import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/reports/transactions')({
  component: () => <ComingSoon title="Transaction Report" />,
});
