import { createFileRoute } from '@tanstack/react-router';
import { PurchaseFormScreen } from '../../../../../features/ledger/PurchaseFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/lending/add-lending')({
  staticData: { title: 'Create Purchase' },
  component: () => <PurchaseFormScreen />,
});
