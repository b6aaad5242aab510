import { createFileRoute } from '@tanstack/react-router';
import { SampleReportForm } from '../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/admin/_admin/laporan/slip-gaji')({
  staticData: { title: 'Salary Slip' },
  component: () => <SampleReportForm title="Salary Slip" withEmployee />,
});
