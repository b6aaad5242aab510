import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { PurchaseDetailScreen } from '../../../../features/ledger/PurchaseDetailScreen.tsx';
import { historyPage, validateHistorySearch } from '../../../../features/ledger/routeParams.ts';
import { preload } from '../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/lending/$loanId')({
  staticData: { title: 'Purchase Details' },
  validateSearch: validateHistorySearch,
  loaderDeps: ({ search }) => ({ page: historyPage(search) }),
  loader: ({ context, params, deps }) =>
    Promise.all([
      preload(context.queryClient, () =>
        import('../../../../features/ledger/api.ts').then((api) => api.loanQuery(params.loanId)),
      ),
      preload(context.queryClient, () =>
        import('../../../../features/ledger/api.ts').then((api) =>
          api.loanHistoryQuery(params.loanId, deps.page),
        ),
      ),
    ]),
  component: function PurchaseDetail() {
    const { loanId } = Route.useParams();
    const page = historyPage(Route.useSearch());
    const navigate = Route.useNavigate();
    const onPageChange = useCallback(
      (next: number) => void navigate({ search: { page: next > 1 ? next : undefined }, replace: true }),
      [navigate],
    );
    return <PurchaseDetailScreen key={loanId} loanId={loanId} page={page} onPageChange={onPageChange} />;
  },
});
