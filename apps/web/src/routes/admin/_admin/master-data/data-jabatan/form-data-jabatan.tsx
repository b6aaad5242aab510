import { createFileRoute } from '@tanstack/react-router';
import { PurchaseFormScreen } from '../../../../../features/ledger/PurchaseFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/data-jabatan/form-data-jabatan')({
  staticData: { title: 'Create Purchase' },
  component: () => <PurchaseFormScreen />,
});
