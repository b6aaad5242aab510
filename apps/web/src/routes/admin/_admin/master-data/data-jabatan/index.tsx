import { createFileRoute } from '@tanstack/react-router';
import { PurchaseListPage } from '../../../../../features/ledger/PurchaseListScreen.tsx';
import { validateLoanListSearch } from '../../../../../features/ledger/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/master-data/data-jabatan/')({
  staticData: { title: 'Purchase List' },
  validateSearch: validateLoanListSearch,
  component: PurchaseListPage,
});
