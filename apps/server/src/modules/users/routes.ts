import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, User, UserCreate, UserListQuery, UserListResponse } from '@portal/contracts';
import { toUser } from './service.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = app.requireRole('admin');

  // Any signed-in user may list users (to pick colleagues); only an admin sees more than id, username and name.
  app.get(
    '/api/users',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: UserListQuery,
        response: { 200: UserListResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const page = await app.services.users.listUsers(request.query, request.user.role);
      if (request.user.role === 'admin') return page;
      return {
        ...page,
        items: page.items.map(({ id, user_id, username, name }) => ({ id, user_id, username, name })),
      };
    },
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
