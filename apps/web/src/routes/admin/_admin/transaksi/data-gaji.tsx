import { createFileRoute } from '@tanstack/react-router';
import { SalaryScreen } from '../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/admin/_admin/transaksi/data-gaji')({
  staticData: { title: 'Salary Data' },
  component: SalaryScreen,
});
