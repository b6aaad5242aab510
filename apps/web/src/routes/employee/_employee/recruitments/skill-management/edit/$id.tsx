import { createFileRoute } from '@tanstack/react-router';
import { SkillFormScreen } from '../../../../../../features/skills/SkillFormScreen.tsx';
import { skillIdParams } from '../../../../../../features/skills/routeParams.ts';
import { preload } from '../../../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/skill-management/edit/$id')({
  staticData: { title: 'Edit Skill' },
  params: skillIdParams,
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../features/skills/api.ts').then((api) => api.skillQuery(params.id)),
    ),
  component: function EmployeeSkillEdit() {
    return (
      <SkillFormScreen skillId={Route.useParams().id} listPath="/employee/recruitments/skill-management" />
    );
  },
});
