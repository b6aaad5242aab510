import { createFileRoute } from '@tanstack/react-router';
import { CandidateFormScreen } from '../../../../../features/candidates/CandidateFormScreen.tsx';
import { ADMIN_CANDIDATES } from '../../../../../features/candidates/areas.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/candidates/add')({
  staticData: { title: 'Add Candidate' },
  component: () => <CandidateFormScreen area={ADMIN_CANDIDATES} />,
});
