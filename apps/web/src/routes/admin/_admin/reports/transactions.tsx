import { createFileRoute } from '@tanstack/react-router';
import { TransactionReportPage } from '../../../../features/ledger/TransactionReportScreen.tsx';
import { reportParams, validateReportSearch } from '../../../../features/ledger/routeParams.ts';
import { preload } from '../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/reports/transactions')({
  staticData: { title: 'Transaction Report' },
  validateSearch: validateReportSearch,
  loaderDeps: ({ search }) => ({ report: reportParams(search) }),
  // Nothing to load until a range is chosen.
  loader: ({ context, deps: { report } }) =>
    report
      ? preload(context.queryClient, () =>
          import('../../../../features/ledger/api.ts').then((api) => api.reportQuery(report)),
        )
      : undefined,
  component: TransactionReportPage,
});
