import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/employee/_employee/recruitments/candidates/add')({
  component: () => <ComingSoon title="Add Candidate" />,
});
