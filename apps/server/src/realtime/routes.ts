import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, EventsQuery, EventsResponse } from '@portal/contracts';
import { refuseRoom } from './rooms.ts';
import { tagRoutes } from '../plugins/openapi.ts';

/**
 * `GET /api/events?room=…&since=N`: what a live room said after message N, for a client that reconnected
 * without Socket.IO's recovery or saw a gap in the numbers. Whoever may join the room
 * may read it back, and nobody else.
 */
const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Live updates');
  app.get(
    '/api/events',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Live messages missed since a number (after a reconnect)',
        querystring: EventsQuery,
        response: { 200: EventsResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { room, since } = request.query;
      const refusal = await refuseRoom(app.db, request.user, room);
      if (refusal) throw refusal;
      return app.outbox.since(room, since);
    },
  );
};
export default eventRoutes;
