import { createFileRoute } from '@tanstack/react-router';
import { DeductionFormScreen } from '../../../../../features/sample-hr/SampleScreens.tsx';

export const Route = createFileRoute(
  '/admin/_admin/transaksi/setting-potongan-gaji/form-setting-potongan-gaji',
)({
  staticData: { title: 'Deduction Setting Form' },
  component: DeductionFormScreen,
});
