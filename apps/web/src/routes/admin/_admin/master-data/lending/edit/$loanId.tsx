import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/lending/edit/$loanId')({
  component: () => <ComingSoon title="Edit Purchase" />,
});
