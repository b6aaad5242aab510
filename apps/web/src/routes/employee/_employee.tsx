import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../features/shell/AppShell.tsx';
import { EMPLOYEE_NAV } from '../../features/shell/nav.ts';
import { requireRole } from '../../lib/guard.ts';

export const Route = createFileRoute('/employee/_employee')({
  beforeLoad: requireRole('user'),
  component: () => <AppShell title="Employee Portal" nav={EMPLOYEE_NAV} />,
});
