import { createFileRoute } from '@tanstack/react-router';
import { JobFormScreen } from '../../../../../../features/jobs/JobFormScreen.tsx';
import { ADMIN_JOBS } from '../../../../../../features/jobs/areas.ts';
import { jobIdParams } from '../../../../../../features/jobs/routeParams.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/edit/$id')({
  staticData: { title: 'Edit Job' },
  params: jobIdParams,
  component: function AdminJobEdit() {
    return <JobFormScreen area={ADMIN_JOBS} jobId={Route.useParams().id} />;
  },
});
