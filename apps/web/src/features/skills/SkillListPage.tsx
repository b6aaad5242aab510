import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SkillListScreen } from './SkillListScreen.tsx';
import type { SkillListSearch } from './routeParams.ts';

/** The skill list wired to the URL of whichever area (admin or employee) shows it. */
export function SkillListPage({
  title,
  basePath,
  addPath,
}: {
  title: string;
  basePath: string;
  addPath: string;
}) {
  const { search = '', page = 1 } = useSearch({ strict: false }) as SkillListSearch;
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: { search: string; page: number }) =>
      void navigate({
        to: '.',
        search: { search: p.search || undefined, page: p.page > 1 ? p.page : undefined },
        replace: true,
      }),
    [navigate],
  );
  return (
    <SkillListScreen
      title={title}
      search={search}
      page={page}
      onParamsChange={onParamsChange}
      addPath={addPath}
      editPath={(id) => `${basePath}/edit/${id}`}
    />
  );
}
