import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, User, UserCreate, UserListQuery, UserPage } from '@portal/contracts';
import { toUser } from './service.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = app.requireRole('admin');

  app.get(
    '/api/users',
    {
      preHandler: admin,
      schema: {
        querystring: UserListQuery,
        response: { 200: UserPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => app.services.users.listUsers(request.query, request.user.role),
  );

  app.post(
    '/api/users',
    {
      preHandler: admin,
      schema: {
        body: UserCreate,
        response: { 201: User, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const row = await app.services.users.createUser(request.body);
      return reply.status(201).send(toUser(row, request.user.role));
    },
  );
};
export default userRoutes;
