import { createFileRoute } from '@tanstack/react-router';
import { SalarySlipListScreen } from '../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/pegawai/_employee/data-gaji')({
  staticData: { title: 'Salary Slips' },
  component: SalarySlipListScreen,
});
