import { createFileRoute } from '@tanstack/react-router';
import { JobFormScreen } from '../../../../../features/jobs/JobFormScreen.tsx';
import { EMPLOYEE_JOBS } from '../../../../../features/jobs/areas.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/job-management/add')({
  component: () => <JobFormScreen area={EMPLOYEE_JOBS} />,
});
