import { createFileRoute } from '@tanstack/react-router';
import { SkillListPage } from '../../../../../features/skills/SkillListPage.tsx';
import { validateSkillListSearch } from '../../../../../features/skills/routeParams.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/skill-management/')({
  staticData: { title: 'Skills Database' },
  validateSearch: validateSkillListSearch,
  component: () => <SkillListPage area="employee" title="Skills Database" />,
});
