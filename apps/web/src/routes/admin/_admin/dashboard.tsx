import { createFileRoute } from '@tanstack/react-router';
import { RecruitmentDashboardScreen } from '../../../features/dashboards/RecruitmentDashboardScreen.tsx';

export const Route = createFileRoute('/admin/_admin/dashboard')({
  component: RecruitmentDashboardScreen,
});
