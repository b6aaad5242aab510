import { createFileRoute } from '@tanstack/react-router';
import { SkillListPage } from '../../../../../features/skills/SkillListPage.tsx';
import { skillListParams, validateSkillListSearch } from '../../../../../features/skills/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/skill-management/')({
  staticData: { title: 'Skills Database' },
  validateSearch: validateSkillListSearch,
  loaderDeps: ({ search }) => skillListParams(search),
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/skills/api.ts').then((api) =>
        api.skillListQuery(deps.search, deps.page),
      ),
    ),
  component: () => <SkillListPage area="employee" title="Skills Database" />,
});
