import { createFileRoute } from '@tanstack/react-router';
import { JobListPage } from '../../../../../features/jobs/JobListPage.tsx';
import { ADMIN_JOBS } from '../../../../../features/jobs/areas.ts';
import { paramsFromSearch, validateJobListSearch } from '../../../../../features/jobs/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/')({
  staticData: { title: 'Job Management' },
  validateSearch: validateJobListSearch,
  loaderDeps: ({ search }) => paramsFromSearch(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/jobs/api.ts').then((api) => api.jobListQuery(deps)),
    ),
  component: () => <JobListPage area={ADMIN_JOBS} />,
});
