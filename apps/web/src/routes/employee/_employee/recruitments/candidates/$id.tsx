import { createFileRoute } from '@tanstack/react-router';
import { CandidateDetailsScreen } from '../../../../../features/candidates/CandidateDetailsScreen.tsx';
import { EMPLOYEE_CANDIDATES } from '../../../../../features/candidates/areas.ts';
import { candidateIdParams } from '../../../../../features/candidates/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/candidates/$id')({
  staticData: { title: 'Candidate Details' },
  params: candidateIdParams('id'),
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/candidates/api.ts').then((api) => api.candidateQuery(params.id)),
    ),
  component: function CandidateDetailsRoute() {
    const { id } = Route.useParams();
    return <CandidateDetailsScreen key={id} area={EMPLOYEE_CANDIDATES} candidateId={id} />;
  },
});
