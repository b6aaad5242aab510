import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/expense/edit/$id')({
  component: () => <ComingSoon title="Edit Expense" />,
});
