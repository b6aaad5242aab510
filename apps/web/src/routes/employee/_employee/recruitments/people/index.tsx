import { createFileRoute } from '@tanstack/react-router';
import { EMPLOYEE_PEOPLE } from '../../../../../features/people/areas.ts';
import { PeopleScreen } from '../../../../../features/people/PeopleScreen.tsx';
import { validatePeopleSearch } from '../../../../../features/people/routeParams.ts';
import { preload } from '../../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/people/')({
  staticData: { title: 'Talent pool' },
  validateSearch: validatePeopleSearch,
  loaderDeps: ({ search }) => search,
  // The api module loads with the screen: the route tree, which every page downloads, names no endpoint.
  loader: ({ context, deps }) =>
    preload(context.queryClient, () =>
      import('../../../../../features/people/api.ts').then((api) => api.peopleListQuery(deps)),
    ),
  component: () => <PeopleScreen area={EMPLOYEE_PEOPLE} />,
});
