import { createFileRoute } from '@tanstack/react-router';
import { CandidateListPage } from '../../../../../features/candidates/CandidateListPage.tsx';
import { ADMIN_CANDIDATES } from '../../../../../features/candidates/areas.ts';
import { validateCandidateListSearch } from '../../../../../features/candidates/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/candidates/')({
  staticData: { title: 'Candidates' },
  validateSearch: validateCandidateListSearch,
  component: () => <CandidateListPage area={ADMIN_CANDIDATES} />,
});
