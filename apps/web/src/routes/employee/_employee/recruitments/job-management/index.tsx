import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/employee/_employee/recruitments/job-management/')({
  component: () => <ComingSoon title="Job Listings" />,
});
