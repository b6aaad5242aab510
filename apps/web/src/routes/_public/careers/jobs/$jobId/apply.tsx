import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/_public/careers/jobs/$jobId/apply')({
  component: () => <ComingSoon title="Apply for this Job" />,
});
