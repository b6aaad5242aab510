import { createFileRoute } from '@tanstack/react-router';
import { JobFormScreen } from '../../../../../../features/jobs/JobFormScreen.tsx';
import { ADMIN_JOBS } from '../../../../../../features/jobs/areas.ts';
import { jobIdParams } from '../../../../../../features/jobs/routeParams.ts';
import { preload } from '../../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/edit/$id')({
  staticData: { title: 'Edit Job' },
  params: jobIdParams,
  loader: ({ context, params }) =>
    preload(context.queryClient, () =>
      import('../../../../../../features/jobs/api.ts').then((api) => api.jobQuery(params.id)),
    ),
  component: function AdminJobEdit() {
    return <JobFormScreen area={ADMIN_JOBS} jobId={Route.useParams().id} />;
  },
});
