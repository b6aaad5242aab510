import { createFileRoute } from '@tanstack/react-router';
import { PurchaseFormScreen } from '../../../../../../features/ledger/PurchaseFormScreen.tsx';
import { preload } from '../../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/master-data/lending/edit/$loanId')({
  staticData: { title: 'Edit Purchase' },
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../features/ledger/api.ts').then((api) => api.loanQuery(params.loanId)),
    ),
  component: function EditPurchase() {
    const { loanId } = Route.useParams();
    return <PurchaseFormScreen key={loanId} loanId={loanId} />;
  },
});
