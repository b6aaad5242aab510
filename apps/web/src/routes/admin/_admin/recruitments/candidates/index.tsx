import { createFileRoute } from '@tanstack/react-router';
import { CandidateListPage } from '../../../../../features/candidates/CandidateListPage.tsx';
import { ADMIN_CANDIDATES } from '../../../../../features/candidates/areas.ts';
import {
  paramsFromSearch,
  validateCandidateListSearch,
} from '../../../../../features/candidates/routeParams.ts';
import { preload } from '../../../../../lib/usePagedList.ts';
import { candidateListQuery } from '../../../../../features/candidates/api.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/candidates/')({
  staticData: { title: 'Candidates' },
  validateSearch: validateCandidateListSearch,
  loaderDeps: ({ search }) => paramsFromSearch(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, candidateListQuery(ADMIN_CANDIDATES.listEndpoint, deps)),
  component: () => <CandidateListPage area={ADMIN_CANDIDATES} />,
});
