import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AnalyticsScreen } from './AnalyticsScreen.tsx';
import { withPatch, type AnalyticsSearch } from './routeParams.ts';

/** The two places the screen is shown: its route and its address. */
export const ANALYTICS_AREAS = {
  admin: { route: '/admin/_admin/recruitments/analytics', path: '/admin/recruitments/analytics' },
  employee: { route: '/employee/_employee/recruitments/analytics', path: '/employee/recruitments/analytics' },
} as const;

/** The Analytics screen wired to the URL of whichever area (admin or employee) shows it. */
export function AnalyticsPage({ area }: { area: keyof typeof ANALYTICS_AREAS }) {
  const { route, path } = ANALYTICS_AREAS[area];
  const search = useSearch({ from: route });
  const navigate = useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<AnalyticsSearch>) =>
      void navigate({ to: path, search: (prev) => withPatch(prev as AnalyticsSearch, patch), replace: true }),
    [navigate, path],
  );
  return <AnalyticsScreen search={search} onSearchChange={onSearchChange} />;
}
