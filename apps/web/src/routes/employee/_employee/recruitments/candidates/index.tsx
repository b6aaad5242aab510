import { createFileRoute } from '@tanstack/react-router';
import { CandidateListPage } from '../../../../../features/candidates/CandidateListPage.tsx';
import { EMPLOYEE_CANDIDATES } from '../../../../../features/candidates/areas.ts';
import {
  paramsFromSearch,
  validateCandidateListSearch,
} from '../../../../../features/candidates/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/candidates/')({
  staticData: { title: 'My Candidates' },
  validateSearch: validateCandidateListSearch,
  loaderDeps: ({ search }) => paramsFromSearch(search),
  // The area comes with the api module: the route tree, which every page downloads, names no endpoint.
  loader: ({ context, deps }) =>
    preload(context.queryClient, async () => {
      const [api, areas] = await Promise.all([
        import('../../../../../features/candidates/api.ts'),
        import('../../../../../features/candidates/areas.ts'),
      ]);
      return api.candidateListQuery(areas.EMPLOYEE_CANDIDATES.listEndpoint, deps);
    }),
  component: () => <CandidateListPage area={EMPLOYEE_CANDIDATES} />,
});
