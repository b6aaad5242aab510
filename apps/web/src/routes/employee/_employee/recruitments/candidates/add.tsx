import { createFileRoute } from '@tanstack/react-router';
import { CandidateFormScreen } from '../../../../../features/candidates/CandidateFormScreen.tsx';
import { EMPLOYEE_CANDIDATES } from '../../../../../features/candidates/areas.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/candidates/add')({
  staticData: { title: 'Add Candidate' },
  component: () => <CandidateFormScreen area={EMPLOYEE_CANDIDATES} />,
});
