import { createFileRoute } from '@tanstack/react-router';
import { SampleReportForm } from '../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/admin/_admin/laporan/laporan-absensi')({
  staticData: { title: 'Attendance Report' },
  component: () => <SampleReportForm title="Attendance Report" />,
});
