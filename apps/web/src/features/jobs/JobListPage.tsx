import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { JobArea } from './areas.ts';
import { JobListScreen } from './JobListScreen.tsx';
import { paramsFromSearch, searchFromParams, type JobListParams, type JobListSearch } from './routeParams.ts';

/** The job board wired to the URL of whichever area (admin or employee) shows it. */
export function JobListPage({ area }: { area: JobArea }) {
  const search = useSearch({ strict: false }) as JobListSearch;
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: JobListParams) => void navigate({ to: '.', search: searchFromParams(p), replace: true }),
    [navigate],
  );
  return <JobListScreen area={area} params={paramsFromSearch(search)} onParamsChange={onParamsChange} />;
}
