import { createFileRoute } from '@tanstack/react-router';
import { SkillListPage } from '../../../../../features/skills/SkillListPage.tsx';
import { validateSkillListSearch } from '../../../../../features/skills/routeParams.ts';

const BASE = '/admin/recruitments/skill-management';

export const Route = createFileRoute('/admin/_admin/recruitments/skill-management/')({
  validateSearch: validateSkillListSearch,
  component: () => <SkillListPage title="Skill Management" basePath={BASE} addPath={`${BASE}/form-skill`} />,
});
