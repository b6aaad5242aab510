import { createFileRoute } from '@tanstack/react-router';
import { ExpenseFormScreen } from '../../../../features/ledger/ExpenseFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/expense/add')({
  staticData: { title: 'Add Expense' },
  component: () => <ExpenseFormScreen />,
});
