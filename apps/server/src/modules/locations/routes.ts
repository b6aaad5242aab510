import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DistrictList, ErrorBody, StateCodeParams, StateList } from '@portal/contracts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

/** Reference data changes only with a migration: browsers may keep it for an hour. */
const CACHE = 'private, max-age=3600';

/** States and districts for location selects; any signed-in user. */
const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Locations');
  guardRoutes(app, app.authenticate);

  app.get(
    '/api/locations/states',
    { schema: { summary: 'List states', response: { 200: StateList, 401: ErrorBody } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE);
      return app.services.locations.listStates();
    },
  );

  app.get(
    '/api/locations/states/:stateCode/districts',
    {
      schema: {
        summary: "List a state's districts",
        params: StateCodeParams,
        response: { 200: DistrictList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const districts = await app.services.locations.listDistricts(request.params.stateCode);
      reply.header('cache-control', CACHE);
      return districts;
    },
  );
};
export default locationRoutes;
