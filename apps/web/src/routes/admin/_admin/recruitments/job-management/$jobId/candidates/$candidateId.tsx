import { createFileRoute } from '@tanstack/react-router';
import { CandidateDetailsScreen } from '../../../../../../../features/candidates/CandidateDetailsScreen.tsx';
import { ADMIN_CANDIDATES, jobCandidatePath } from '../../../../../../../features/candidates/areas.ts';
import { idParams } from '../../../../../../../lib/idParams.ts';
import { candidateIdParams } from '../../../../../../../features/candidates/routeParams.ts';
import { preload } from '../../../../../../../lib/preload.ts';

export const Route = createFileRoute(
  '/admin/_admin/recruitments/job-management/$jobId/candidates/$candidateId',
)({
  staticData: { title: 'Candidate Details' },
  params: {
    parse: (raw: { jobId: string; candidateId: string }) => ({
      ...idParams('jobId').parse(raw),
      ...candidateIdParams('candidateId').parse(raw),
    }),
    stringify: (p: { jobId: number; candidateId: string }) => ({
      jobId: String(p.jobId),
      candidateId: p.candidateId,
    }),
  },
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../../features/candidates/api.ts').then((api) =>
        api.candidateQuery(params.candidateId),
      ),
    ),
  component: function JobCandidateRoute() {
    const { jobId, candidateId } = Route.useParams();
    return (
      <CandidateDetailsScreen
        key={candidateId}
        area={ADMIN_CANDIDATES}
        candidateId={candidateId}
        backPath={`/admin/recruitments/job-management/${jobId}/candidates`}
        // Seen from a job, the person's other applications open within their own jobs.
        applicationPath={(a) => jobCandidatePath(a.jobId, a)}
      />
    );
  },
});
