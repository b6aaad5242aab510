import { createFileRoute } from '@tanstack/react-router';
import { CandidateFormScreen } from '../../../../../../features/candidates/CandidateFormScreen.tsx';
import { ADMIN_CANDIDATES } from '../../../../../../features/candidates/areas.ts';
import { candidateIdParams } from '../../../../../../features/candidates/routeParams.ts';
import { preloadAll } from '../../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/candidates/edit/$id')({
  staticData: { title: 'Edit Candidate' },
  params: candidateIdParams('id'),
  loader: ({ context, params }) =>
    preloadAll(context.queryClient, () =>
      import('../../../../../../features/candidates/api.ts').then((api) =>
        api.candidateEditQueries(params.id),
      ),
    ),
  component: function CandidateEditRoute() {
    const { id } = Route.useParams();
    return <CandidateFormScreen key={id} area={ADMIN_CANDIDATES} candidateId={id} />;
  },
});
