import { createFileRoute } from '@tanstack/react-router';
import { JobDetailsScreen } from '../../../../../../features/jobs/JobDetailsScreen.tsx';
import { EMPLOYEE_JOBS } from '../../../../../../features/jobs/areas.ts';
import { jobIdParams } from '../../../../../../features/jobs/routeParams.ts';
import { preload } from '../../../../../../lib/preload.ts';
import { validateJobDetailsSearch } from '../../../../../../features/pipeline/search.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/job-management/details/$id')({
  staticData: { title: 'Job Details' },
  params: jobIdParams,
  validateSearch: validateJobDetailsSearch,
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../features/jobs/api.ts').then((api) => api.jobQuery(params.id)),
    ),
  component: function EmployeeJobDetails() {
    const navigate = Route.useNavigate();
    return (
      <JobDetailsScreen
        area={EMPLOYEE_JOBS}
        jobId={Route.useParams().id}
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search, replace: true })}
      />
    );
  },
});
