import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/_public/careers/')({
  component: () => <ComingSoon title="Careers" />,
});
