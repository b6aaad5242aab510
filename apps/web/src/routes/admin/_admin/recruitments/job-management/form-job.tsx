import { createFileRoute } from '@tanstack/react-router';
import { JobFormScreen } from '../../../../../features/jobs/JobFormScreen.tsx';
import { ADMIN_JOBS } from '../../../../../features/jobs/areas.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/form-job')({
  staticData: { title: 'Add Job' },
  component: () => <JobFormScreen area={ADMIN_JOBS} />,
});
