import { createFileRoute } from '@tanstack/react-router';
import { EmployeeDashboardScreen } from '../../../features/dashboards/EmployeeDashboardScreen.tsx';

export const Route = createFileRoute('/pegawai/_employee/dashboard')({
  staticData: { title: 'Dashboard' },
  component: EmployeeDashboardScreen,
});
