import { createFileRoute } from '@tanstack/react-router';
import { JobListPage } from '../../../../../features/jobs/JobListPage.tsx';
import { ADMIN_JOBS } from '../../../../../features/jobs/areas.ts';
import { validateJobListSearch } from '../../../../../features/jobs/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/')({
  staticData: { title: 'Job Management' },
  validateSearch: validateJobListSearch,
  component: () => <JobListPage area={ADMIN_JOBS} />,
});
