import { createFileRoute } from '@tanstack/react-router';
import { PurchaseFormScreen } from '../../../../../../features/ledger/PurchaseFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/lending/edit/$loanId')({
  staticData: { title: 'Edit Purchase' },
  component: function EditPurchase() {
    const { loanId } = Route.useParams();
    return <PurchaseFormScreen key={loanId} loanId={loanId} />;
  },
});
