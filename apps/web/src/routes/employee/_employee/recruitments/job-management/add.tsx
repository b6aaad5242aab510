import { createFileRoute } from '@tanstack/react-router';
import { JobFormScreen } from '../../../../../features/jobs/JobFormScreen.tsx';
import { EMPLOYEE_JOBS } from '../../../../../features/jobs/areas.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/job-management/add')({
  staticData: { title: 'Add Job' },
  component: () => <JobFormScreen area={EMPLOYEE_JOBS} />,
});
