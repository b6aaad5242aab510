import { createFileRoute } from '@tanstack/react-router';
import { SampleReportForm } from '../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/admin/_admin/laporan/laporan-gaji')({
  staticData: { title: 'Salary Report' },
  component: () => <SampleReportForm title="Salary Report" />,
});
