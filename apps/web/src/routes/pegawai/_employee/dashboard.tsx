import { createFileRoute } from '@tanstack/react-router';
import { EmployeeDashboardScreen } from '../../../features/dashboards/EmployeeDashboardScreen.tsx';
import { preload } from '../../../lib/preload.ts';

export const Route = createFileRoute('/pegawai/_employee/dashboard')({
  staticData: { title: 'Dashboard' },
  loader: ({ context }) =>
    preload(context.queryClient, () =>
      import('../../../features/dashboards/api.ts').then((api) => api.employeeDashboardQuery()),
    ),
  component: EmployeeDashboardScreen,
});
