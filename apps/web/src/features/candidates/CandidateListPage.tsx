import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { CandidateArea } from './areas.ts';
import { CandidateListScreen } from './CandidateListScreen.tsx';
import { searchFromParams } from './listFilters.ts';
import { paramsFromSearch, type CandidateListParams } from './routeParams.ts';

/** The candidates list wired to the URL of whichever area (admin or employee) shows it. */
export function CandidateListPage({ area }: { area: CandidateArea }) {
  const search = useSearch({ from: area.listRoute });
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: CandidateListParams) =>
      void navigate({ to: area.listPath, search: searchFromParams(p), replace: true }),
    [navigate, area.listPath],
  );
  return (
    <CandidateListScreen area={area} params={paramsFromSearch(search)} onParamsChange={onParamsChange} />
  );
}
