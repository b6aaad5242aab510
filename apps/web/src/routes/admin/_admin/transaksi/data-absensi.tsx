import { createFileRoute } from '@tanstack/react-router';
import { AttendanceScreen } from '../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute('/admin/_admin/transaksi/data-absensi')({
  staticData: { title: 'Attendance' },
  component: AttendanceScreen,
});
