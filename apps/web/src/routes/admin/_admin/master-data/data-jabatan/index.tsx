import { createFileRoute } from '@tanstack/react-router';
import { PurchaseListPage } from '../../../../../features/ledger/PurchaseListScreen.tsx';
import { loanListParams, validateLoanListSearch } from '../../../../../features/ledger/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-jabatan/')({
  staticData: { title: 'Purchase List' },
  validateSearch: validateLoanListSearch,
  loaderDeps: ({ search }) => loanListParams(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/ledger/api.ts').then((api) => api.loanListQuery(deps)),
    ),
  component: PurchaseListPage,
});
