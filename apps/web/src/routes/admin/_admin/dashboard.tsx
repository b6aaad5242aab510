import { createFileRoute } from '@tanstack/react-router';
import { RecruitmentDashboardScreen } from '../../../features/dashboards/RecruitmentDashboardScreen.tsx';
import { LedgerDashboard } from '../../../features/ledger/LedgerDashboard.tsx';

export const Route = createFileRoute('/admin/_admin/dashboard')({
  staticData: { title: 'Dashboard' },
  component: () => <RecruitmentDashboardScreen ledger={<LedgerDashboard />} />,
});
