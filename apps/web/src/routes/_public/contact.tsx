import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/ComingSoon.tsx';

export const Route = createFileRoute('/_public/contact')({
  component: () => <ComingSoon title="Contact Us" />,
});
