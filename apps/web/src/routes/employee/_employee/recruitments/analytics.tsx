import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../../features/analytics/AnalyticsPage.tsx';
import {
  activityQueryOf,
  clientResponseQueryOf,
  pipelineQueryOf,
  validateAnalyticsSearch,
} from '../../../../features/analytics/routeParams.ts';
import { preloadAll } from '../../../../lib/preload.ts';

export const Route = createFileRoute('/employee/_employee/recruitments/analytics')({
  staticData: { title: 'Pipeline Analytics' },
  validateSearch: validateAnalyticsSearch,
  loaderDeps: ({ search }) => ({
    pipeline: pipelineQueryOf(search),
    activity: activityQueryOf(search),
    clients: clientResponseQueryOf(search),
  }),
  loader: ({ context, deps }) =>
    preloadAll(context.queryClient, async () => {
      const api = await import('../../../../features/analytics/api.ts');
      return [
        api.pipelineAnalyticsQuery(deps.pipeline),
        api.recruiterActivityQuery(deps.activity),
        api.clientResponseQuery(deps.clients),
      ];
    }),
  component: () => <AnalyticsPage area="employee" />,
});
