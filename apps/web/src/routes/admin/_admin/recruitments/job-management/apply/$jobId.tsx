import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/apply/$jobId')({
  staticData: { title: 'Add Candidate to Job' },
  component: () => <ComingSoon title="Add Candidate to Job" />,
});
