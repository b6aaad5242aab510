import { createFileRoute } from '@tanstack/react-router';
import { SkillListPage } from '../../../../../features/skills/SkillListPage.tsx';
import { validateSkillListSearch } from '../../../../../features/skills/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/skill-management/')({
  staticData: { title: 'Skill Management' },
  validateSearch: validateSkillListSearch,
  component: () => <SkillListPage area="admin" title="Skill Management" />,
});
