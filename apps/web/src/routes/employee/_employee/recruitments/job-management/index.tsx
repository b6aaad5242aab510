import { createFileRoute } from '@tanstack/react-router';
import { JobListPage } from '../../../../../features/jobs/JobListPage.tsx';
import { EMPLOYEE_JOBS } from '../../../../../features/jobs/areas.ts';
import { validateJobListSearch } from '../../../../../features/jobs/routeParams.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/job-management/')({
  staticData: { title: 'Job Listings' },
  validateSearch: validateJobListSearch,
  component: () => <JobListPage area={EMPLOYEE_JOBS} />,
});
