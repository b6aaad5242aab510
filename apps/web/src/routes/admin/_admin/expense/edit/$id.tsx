import { createFileRoute } from '@tanstack/react-router';
import { ExpenseFormScreen } from '../../../../../features/ledger/ExpenseFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/expense/edit/$id')({
  staticData: { title: 'Edit Expense' },
  component: function EditExpense() {
    const { id } = Route.useParams();
    return <ExpenseFormScreen key={id} uuid={id} />;
  },
});
