import { createFileRoute } from '@tanstack/react-router';
import { ExpenseFormScreen } from '../../../../../features/ledger/ExpenseFormScreen.tsx';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/expense/edit/$id')({
  staticData: { title: 'Edit Expense' },
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/ledger/api.ts').then((api) => api.expenseQuery(params.id)),
    ),
  component: function EditExpense() {
    const { id } = Route.useParams();
    return <ExpenseFormScreen key={id} uuid={id} />;
  },
});
