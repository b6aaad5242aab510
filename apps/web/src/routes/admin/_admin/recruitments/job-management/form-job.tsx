import { createFileRoute } from '@tanstack/react-router';
import { JobFormScreen } from '../../../../../features/jobs/JobFormScreen.tsx';
import { ADMIN_JOBS } from '../../../../../features/jobs/areas.ts';
import { preloadAll } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/admin/_admin/recruitments/job-management/form-job')({
  staticData: { title: 'Add Job' },
  loader: ({ context }) =>
    preloadAll(context.queryClient, () =>
      import('../../../../../features/jobs/api.ts').then((api) => api.jobFormQueries()),
    ),
  component: () => <JobFormScreen area={ADMIN_JOBS} />,
});
