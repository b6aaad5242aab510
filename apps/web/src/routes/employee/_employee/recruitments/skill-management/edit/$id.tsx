import { createFileRoute } from '@tanstack/react-router';
import { SkillFormScreen } from '../../../../../../features/skills/SkillFormScreen.tsx';
import { skillIdParams } from '../../../../../../features/skills/routeParams.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/skill-management/edit/$id')({
  staticData: { title: 'Edit Skill' },
  params: skillIdParams,
  component: function EmployeeSkillEdit() {
    return (
      <SkillFormScreen skillId={Route.useParams().id} listPath="/employee/recruitments/skill-management" />
    );
  },
});
