import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  NextUserIdResponse,
  OkBody,
  PASSWORD_MESSAGES,
  PasswordChange,
  User,
  UserCreate,
  UserIdParams,
  UserRefParams,
  UserListQuery,
  UserListResponse,
  UserUpdate,
  USER_MESSAGES,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { toUser } from './model.ts';
import { tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Guessing someone's current password from a stolen session is slowed to this many tries a minute. */
const PASSWORD_ATTEMPTS_PER_MINUTE = 10;

/**
 * Users: an admin manages everyone; any signed-in user lists colleagues (as summaries) and
 * reads and changes their own profile and password. The rules live in the users service.
 */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Users');
  const admin = app.requireRole('admin');

  // Any signed-in user may list users (to pick colleagues); only an admin sees more than id, username and name.
  app.get(
    '/api/users',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'List users',
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

  app.get(
    '/api/users/next-id',
    {
      onRequest: admin,
      schema: { summary: 'Next employee id', response: { 200: NextUserIdResponse, ...errors } },
    },
    async () => ({ user_id: await app.services.users.nextUserId() }),
  );

  app.post(
    '/api/users',
    {
      onRequest: admin,
      schema: { summary: 'Add a user', body: UserCreate, response: { 201: User, ...errors } },
    },
    async (request, reply) => {
      const row = await app.services.users.createUser(request.body);
      return reply.status(201).send(toUser(row, request.user.role));
    },
  );

  app.get(
    '/api/users/:id',
    {
      onRequest: app.authenticate,
      schema: { summary: 'View a user', params: UserRefParams, response: { 200: User, ...errors } },
    },
    async (request) => app.services.users.getUser(request.params.id, callerOf(request.user)),
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Edit a user',
        params: UserRefParams,
        body: UserUpdate,
        response: { 200: User, ...errors },
      },
    },
    async (request) => app.services.users.updateUser(request.params.id, request.body, callerOf(request.user)),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: admin,
      schema: { summary: 'Delete a user', params: UserRefParams, response: { 200: OkBody, ...errors } },
    },
    async (request) => {
      await app.services.users.deleteUser(request.params.id, callerOf(request.user));
      return { ok: true as const, message: USER_MESSAGES.deleted };
    },
  );

  app.delete(
    '/api/users/:id/photo',
    {
      onRequest: app.authenticate,
      schema: { summary: "Remove a user's photo", params: UserRefParams, response: { 200: User, ...errors } },
    },
    async (request) => app.services.users.removePhoto(request.params.id, callerOf(request.user)),
  );

  app.put(
    '/api/users/:userId/password',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Change a password',
        params: UserIdParams,
        body: PasswordChange,
        response: { 200: OkBody, 429: ErrorBody, ...errors },
      },
      config: {
        rateLimit: {
          max: PASSWORD_ATTEMPTS_PER_MINUTE,
          timeWindow: '1 minute',
          // Counted per signed-in user (after authentication), so neither a second session nor any
          // header the caller controls gives more tries.
          hook: 'preHandler',
          keyGenerator: (request) => `password:${request.user.sub}`,
          errorResponseBuilder: () => ({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: PASSWORD_MESSAGES.tooManyAttempts,
          }),
        },
      },
    },
    async (request) => {
      await app.services.users.changePassword(request.params.userId, request.body, callerOf(request.user));
      return { ok: true as const, message: PASSWORD_MESSAGES.updated };
    },
  );
};
export default userRoutes;
