import { createFileRoute } from '@tanstack/react-router';
import { PurchaseDetailScreen } from '../../../../features/ledger/PurchaseDetailScreen.tsx';
import { preload } from '../../../../lib/usePagedList.ts';
import { loanHistoryQuery, loanQuery } from '../../../../features/ledger/api.ts';

export const Route = createFileRoute('/admin/_admin/lending/$loanId')({
  staticData: { title: 'Purchase Details' },
  loader: ({ context, params }) =>
    Promise.all([
      preload(context.queryClient, loanQuery(params.loanId)),
      preload(context.queryClient, loanHistoryQuery(params.loanId, 1)),
    ]),
  component: function PurchaseDetail() {
    const { loanId } = Route.useParams();
    return <PurchaseDetailScreen key={loanId} loanId={loanId} />;
  },
});
