import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/_public/why-choose-us')({
  component: () => <ComingSoon title="Why Choose Us" />,
});
