import { createFileRoute } from '@tanstack/react-router';
import { SkillListPage } from '../../../../../features/skills/SkillListPage.tsx';
import { skillListParams, validateSkillListSearch } from '../../../../../features/skills/routeParams.ts';
import { preload } from '../../../../../lib/usePagedList.ts';
import { skillListQuery } from '../../../../../features/skills/api.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/skill-management/')({
  staticData: { title: 'Skill Management' },
  validateSearch: validateSkillListSearch,
  loaderDeps: ({ search }) => skillListParams(search),
  loader: ({ context, deps }) => preload(context.queryClient, skillListQuery(deps.search, deps.page)),
  component: () => <SkillListPage area="admin" title="Skill Management" />,
});
