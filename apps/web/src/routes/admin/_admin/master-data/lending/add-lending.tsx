import { createFileRoute } from '@tanstack/react-router';
import { PurchaseFormScreen } from '../../../../../features/ledger/PurchaseFormScreen.tsx';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/master-data/lending/add-lending')({
  staticData: { title: 'Create Purchase' },
  loader: ({ context }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/ledger/api.ts').then((api) => api.customersQuery()),
    ),
  component: () => <PurchaseFormScreen />,
});
