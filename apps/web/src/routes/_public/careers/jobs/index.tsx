import { createFileRoute } from '@tanstack/react-router';
import { CareersListPage } from '../../../../features/careers/CareersListScreen.tsx';
import { validateCareersSearch } from '../../../../features/careers/routeParams.ts';

export const Route = createFileRoute('/_public/careers/jobs/')({
  validateSearch: validateCareersSearch,
  component: () => <CareersListPage path="/careers/jobs" />,
});
