import { createFileRoute } from '@tanstack/react-router';
import { JobDetailsScreen } from '../../../../../../../features/jobs/JobDetailsScreen.tsx';
import { ADMIN_JOBS } from '../../../../../../../features/jobs/areas.ts';
import { idParams } from '../../../../../../../lib/idParams.ts';
import { preload } from '../../../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/$jobId/candidates/')({
  staticData: { title: 'Job Candidates' },
  params: idParams('jobId'),
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../../features/jobs/api.ts').then((api) => api.jobQuery(params.jobId)),
    ),
  component: function JobCandidatesRoute() {
    const { jobId } = Route.useParams();
    return <JobDetailsScreen key={jobId} area={ADMIN_JOBS} jobId={jobId} initialTab="candidates" />;
  },
});
