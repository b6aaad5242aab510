import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmployeeDashboard, ErrorBody, RecruitmentDashboard } from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 401: ErrorBody, 404: ErrorBody };

/** The dashboards: any signed-in user reads them. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Dashboards');
  guardRoutes(app, app.authenticate);

  app.get(
    '/api/dashboard/recruitment',
    {
      schema: {
        summary: 'Recruitment dashboard figures',
        response: { 200: RecruitmentDashboard, ...errors },
      },
    },
    async () => app.services.dashboards.recruitment(),
  );

  app.get(
    '/api/dashboard/employee-stats',
    { schema: { summary: 'My dashboard figures', response: { 200: EmployeeDashboard, ...errors } } },
    async (request) => app.services.dashboards.employee(callerOf(request.user)),
  );
};
export default dashboardRoutes;
