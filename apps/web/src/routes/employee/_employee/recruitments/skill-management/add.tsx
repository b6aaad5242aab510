import { createFileRoute } from '@tanstack/react-router';
import { SkillFormScreen } from '../../../../../features/skills/SkillFormScreen.tsx';

export const Route = createFileRoute('/employee/_employee/recruitments/skill-management/add')({
  staticData: { title: 'Add Skill' },
  component: () => <SkillFormScreen listPath="/employee/recruitments/skill-management" />,
});
