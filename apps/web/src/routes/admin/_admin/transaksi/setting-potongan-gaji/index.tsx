import { createFileRoute } from '@tanstack/react-router';
import { DeductionsScreen } from '../../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/admin/_admin/transaksi/setting-potongan-gaji/')({
  staticData: { title: 'Salary Deductions' },
  component: DeductionsScreen,
});
