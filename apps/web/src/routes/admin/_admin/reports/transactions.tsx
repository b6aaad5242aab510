import { createFileRoute } from '@tanstack/react-router';
import { TransactionReportScreen } from '../../../../features/ledger/TransactionReportScreen.tsx';

export const Route = createFileRoute('/admin/_admin/reports/transactions')({
  staticData: { title: 'Transaction Report' },
  component: TransactionReportScreen,
});
