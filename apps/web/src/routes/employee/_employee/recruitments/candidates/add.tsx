import { createFileRoute } from '@tanstack/react-router';
import { CandidateFormScreen } from '../../../../../features/candidates/CandidateFormScreen.tsx';
import { EMPLOYEE_CANDIDATES } from '../../../../../features/candidates/areas.ts';
import { preloadAll } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/candidates/add')({
  staticData: { title: 'Add Candidate' },
  loader: ({ context }) =>
    preloadAll(context.queryClient, () =>
      import('../../../../../features/candidates/api.ts').then((api) => api.candidateAddQueries()),
    ),
  component: () => <CandidateFormScreen area={EMPLOYEE_CANDIDATES} />,
});
