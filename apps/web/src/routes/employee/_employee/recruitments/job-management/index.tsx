import { createFileRoute } from '@tanstack/react-router';
import { JobListPage } from '../../../../../features/jobs/JobListPage.tsx';
import { EMPLOYEE_JOBS } from '../../../../../features/jobs/areas.ts';
import { paramsFromSearch, validateJobListSearch } from '../../../../../features/jobs/routeParams.ts';
import { preload } from '../../../../../lib/usePagedList.ts';
import { jobListQuery } from '../../../../../features/jobs/api.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/job-management/')({
  staticData: { title: 'Job Listings' },
  validateSearch: validateJobListSearch,
  loaderDeps: ({ search }) => paramsFromSearch(search),
  loader: ({ context, deps }) => preload(context.queryClient, jobListQuery(deps)),
  component: () => <JobListPage area={EMPLOYEE_JOBS} />,
});
