import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SKILL_AREAS } from './paths.ts';
import { SkillListScreen } from './SkillListScreen.tsx';

/** The skill list wired to the URL of whichever area (admin or employee) shows it. */
export function SkillListPage({ area, title }: { area: keyof typeof SKILL_AREAS; title: string }) {
  const { route, path: basePath, addPath, editPath } = SKILL_AREAS[area];
  const { search = '', page = 1 } = useSearch({ from: route });
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: { search: string; page: number }) =>
      void navigate({
        to: basePath,
        search: { search: p.search || undefined, page: p.page > 1 ? p.page : undefined },
        replace: true,
      }),
    [navigate, basePath],
  );
  return (
    <SkillListScreen
      title={title}
      search={search}
      page={page}
      onParamsChange={onParamsChange}
      addPath={addPath}
      editPath={editPath}
    />
  );
}
