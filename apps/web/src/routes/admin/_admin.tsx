import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../features/shell/AppShell.tsx';
import { ADMIN_NAV } from '../../features/shell/nav.ts';
import { requireRole } from '../../lib/guard.ts';

export const Route = createFileRoute('/admin/_admin')({
  beforeLoad: requireRole('admin'),
  component: () => <AppShell title="Admin Portal" nav={ADMIN_NAV} />,
});
