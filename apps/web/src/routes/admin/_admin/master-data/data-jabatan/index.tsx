import { createFileRoute } from '@tanstack/react-router';
import {
  PurchaseListPage,
  validateLoanListSearch,
} from '../../../../../features/ledger/PurchaseListScreen.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/data-jabatan/')({
  staticData: { title: 'Purchase List' },
  validateSearch: validateLoanListSearch,
  component: PurchaseListPage,
});
