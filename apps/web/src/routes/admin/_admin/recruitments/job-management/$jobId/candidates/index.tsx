import { createFileRoute } from '@tanstack/react-router';
import { JobDetailsScreen } from '../../../../../../../features/jobs/JobDetailsScreen.tsx';
import { ADMIN_JOBS } from '../../../../../../../features/jobs/areas.ts';
import { idParams } from '../../../../../../../lib/idParams.ts';
import { preload } from '../../../../../../../lib/preload.ts';
import { validateJobDetailsSearch } from '../../../../../../../features/pipeline/search.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/$jobId/candidates/')({
  staticData: { title: 'Job Candidates' },
  params: idParams('jobId'),
  // The job's details opened on its Candidates tab: the same URL state as the details page, with the
  // Candidates tab as the one shown when the URL names none.
  validateSearch: validateJobDetailsSearch,
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../../features/jobs/api.ts').then((api) => api.jobQuery(params.jobId)),
    ),
  component: function JobCandidatesRoute() {
    const { jobId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <JobDetailsScreen
        key={jobId}
        area={ADMIN_JOBS}
        jobId={jobId}
        search={{ ...search, tab: search.tab ?? 'candidates' }}
        onSearchChange={(next) =>
          void navigate({
            search: { ...next, tab: next.tab === 'candidates' ? undefined : (next.tab ?? 'details') },
            replace: true,
          })
        }
      />
    );
  },
});
