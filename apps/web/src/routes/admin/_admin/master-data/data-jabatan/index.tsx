import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/master-data/data-jabatan/')({
  component: () => <ComingSoon title="Position Data" />,
});
