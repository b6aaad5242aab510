import { createFileRoute } from '@tanstack/react-router';
import { ExpenseListPage } from '../../../../features/ledger/ExpenseListScreen.tsx';
import { expenseListQuery } from '../../../../features/ledger/api.ts';
import { expenseListParams, validateExpenseListSearch } from '../../../../features/ledger/routeParams.ts';
import { preload } from '../../../../lib/usePagedList.ts';

export const Route = createFileRoute('/admin/_admin/expense/list')({
  staticData: { title: 'Expense List' },
  validateSearch: validateExpenseListSearch,
  loaderDeps: ({ search }) => expenseListParams(search),
  loader: ({ context, deps }) => preload(context.queryClient, expenseListQuery(deps)),
  component: ExpenseListPage,
});
