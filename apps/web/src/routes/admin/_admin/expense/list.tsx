import { createFileRoute } from '@tanstack/react-router';
import { ExpenseListScreen } from '../../../../features/ledger/ExpenseListScreen.tsx';

export const Route = createFileRoute('/admin/_admin/expense/list')({
  staticData: { title: 'Expense List' },
  component: ExpenseListScreen,
});
