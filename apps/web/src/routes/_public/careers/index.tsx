import { createFileRoute } from '@tanstack/react-router';
import { CareersListPage } from '../../../features/careers/CareersListScreen.tsx';
import { preloadOpenings } from '../../../features/careers/loaders.ts';
import { validateCareersSearch } from '../../../features/careers/routeParams.ts';

export const Route = createFileRoute('/_public/careers/')({
  validateSearch: validateCareersSearch,
  loaderDeps: ({ search }) => ({ search: search.search ?? '' }),
  loader: ({ context, deps }) => preloadOpenings(context.queryClient, deps.search),
  component: () => <CareersListPage path="/careers" />,
});
