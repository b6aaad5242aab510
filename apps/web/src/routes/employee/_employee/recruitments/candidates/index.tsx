import { createFileRoute } from '@tanstack/react-router';
import { CandidateListPage } from '../../../../../features/candidates/CandidateListPage.tsx';
import { EMPLOYEE_CANDIDATES } from '../../../../../features/candidates/areas.ts';
import { validateCandidateListSearch } from '../../../../../features/candidates/routeParams.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/candidates/')({
  staticData: { title: 'My Candidates' },
  validateSearch: validateCandidateListSearch,
  component: () => <CandidateListPage area={EMPLOYEE_CANDIDATES} />,
});
