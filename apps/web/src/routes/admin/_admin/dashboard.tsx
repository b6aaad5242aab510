import { createFileRoute } from '@tanstack/react-router';
import { RecruitmentDashboardScreen } from '../../../features/dashboards/RecruitmentDashboardScreen.tsx';
import { LedgerDashboard } from '../../../features/ledger/LedgerDashboard.tsx';
import { preloadAll } from '../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/dashboard')({
  staticData: { title: 'Dashboard' },
  loader: ({ context }) =>
    preloadAll(context.queryClient, async () => {
      const [dashboards, ledger] = await Promise.all([
        import('../../../features/dashboards/api.ts'),
        import('../../../features/ledger/api.ts'),
      ]);
      return [dashboards.recruitmentDashboardQuery(), ledger.ledgerDashboardQuery()];
    }),
  component: () => <RecruitmentDashboardScreen ledger={<LedgerDashboard />} />,
});
