import { createFileRoute } from '@tanstack/react-router';
import { PurchaseDetailScreen } from '../../../../features/ledger/PurchaseDetailScreen.tsx';
import { preload } from '../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/lending/$loanId')({
  staticData: { title: 'Purchase Details' },
  loader: ({ context, params }) =>
    Promise.all([
      preload(context.queryClient, () =>
        import('../../../../features/ledger/api.ts').then((api) => api.loanQuery(params.loanId)),
      ),
      preload(context.queryClient, () =>
        import('../../../../features/ledger/api.ts').then((api) => api.loanHistoryQuery(params.loanId, 1)),
      ),
    ]),
  component: function PurchaseDetail() {
    const { loanId } = Route.useParams();
    return <PurchaseDetailScreen key={loanId} loanId={loanId} />;
  },
});
