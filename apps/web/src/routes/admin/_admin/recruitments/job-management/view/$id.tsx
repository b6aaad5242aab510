import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/view/$id')({
  component: () => <ComingSoon title="Job Details" />,
});
