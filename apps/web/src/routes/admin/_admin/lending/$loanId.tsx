import { createFileRoute } from '@tanstack/react-router';
import { PurchaseDetailScreen } from '../../../../features/ledger/PurchaseDetailScreen.tsx';

export const Route = createFileRoute('/admin/_admin/lending/$loanId')({
  staticData: { title: 'Purchase Details' },
  component: function PurchaseDetail() {
    const { loanId } = Route.useParams();
    return <PurchaseDetailScreen key={loanId} loanId={loanId} />;
  },
});
