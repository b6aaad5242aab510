import { createFileRoute } from '@tanstack/react-router';
import { AdminShell } from '../../features/messages/AdminShell.tsx';
import { requireRole } from '../../lib/guard.ts';

export const Route = createFileRoute('/admin/_admin')({
  beforeLoad: requireRole('admin'),
  component: AdminShell,
});
