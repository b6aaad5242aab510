import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicLayout } from '../features/shell/PublicLayout.tsx';

export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
