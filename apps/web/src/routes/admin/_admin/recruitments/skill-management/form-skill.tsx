import { createFileRoute } from '@tanstack/react-router';
import { SkillFormScreen } from '../../../../../features/skills/SkillFormScreen.tsx';

export const Route = createFileRoute('/admin/_admin/recruitments/skill-management/form-skill')({
  staticData: { title: 'Add Skill' },
  component: () => <SkillFormScreen listPath="/admin/recruitments/skill-management" />,
});
