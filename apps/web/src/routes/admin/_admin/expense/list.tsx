import { createFileRoute } from '@tanstack/react-router';
import { ExpenseListPage } from '../../../../features/ledger/ExpenseListScreen.tsx';
import { expenseListParams, validateExpenseListSearch } from '../../../../features/ledger/routeParams.ts';
import { preload } from '../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/expense/list')({
  staticData: { title: 'Expense List' },
  validateSearch: validateExpenseListSearch,
  loaderDeps: ({ search }) => expenseListParams(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../../features/ledger/api.ts').then((api) => api.expenseListQuery(deps)),
    ),
  component: ExpenseListPage,
});
