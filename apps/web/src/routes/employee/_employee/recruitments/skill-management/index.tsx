import { createFileRoute } from '@tanstack/react-router';
import { SkillListPage } from '../../../../../features/skills/SkillListPage.tsx';
import { validateSkillListSearch } from '../../../../../features/skills/routeParams.ts';

const BASE = '/employee/recruitments/skill-management';

export const Route = createFileRoute('/employee/_employee/recruitments/skill-management/')({
  validateSearch: validateSkillListSearch,
  component: () => <SkillListPage title="Skills Database" basePath={BASE} addPath={`${BASE}/add`} />,
});
