import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { JobArea } from './areas.ts';
import { JobListScreen } from './JobListScreen.tsx';
import { paramsFromSearch, searchFromParams, type JobListParams } from './routeParams.ts';

/** The job board wired to the URL of whichever area (admin or employee) shows it. */
export function JobListPage({ area }: { area: JobArea }) {
  const search = useSearch({ from: area.listRoute });
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: JobListParams) => void navigate({ to: area.listPath, search: searchFromParams(p), replace: true }),
    [navigate, area.listPath],
  );
  return <JobListScreen area={area} params={paramsFromSearch(search)} onParamsChange={onParamsChange} />;
}
