import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toSessionUser } from '../users/model.ts';
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_PATH,
  deviceCookieName,
  presentedDeviceCookies,
} from './device-cookie.ts';
import {
  CurrentUserResponse,
  ErrorBody,
  LoginBody,
  LoginResponse,
  OkBody,
  ProfileResponse,
  SESSION_COOKIE,
  AUTH_MESSAGES,
} from '@portal/contracts';
import { tagRoutes } from '../../plugins/openapi.ts';

const authRoutes: FastifyPluginAsyncTypebox<{ loginRateLimit: number }> = async (app, opts) => {
  tagRoutes(app, 'Sign-in');
  app.post(
    '/api/v2/login',
    {
      schema: {
        summary: 'Sign in',
        body: LoginBody,
        response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      config: {
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: (_req, ctx) => ({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: AUTH_MESSAGES.tooManyAttempts,
            retryAfter: ctx.after,
          }),
        },
      },
    },
    async (request, reply) => {
      const { user, claims, deviceCookie } = await app.services.auth.login(
        request.body,
        presentedDeviceCookies(request.cookies),
      );
      const token = await reply.jwtSign(claims);
      reply.setCookie(deviceCookieName(user.id), deviceCookie, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: 'auto',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: app.sessionTtlSeconds,
      });
      return { user, token };
    },
  );

  app.post(
    '/api/v2/logout',
    { schema: { summary: 'Sign out', response: { 200: OkBody } } },
    async (request, reply) => {
      // Logging out always succeeds for the browser; a still-valid session is also ended on the server.
      try {
        await request.jwtVerify();
        await app.services.auth.logout(request.user.sid);
      } catch {
        /* no session to end */
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.get(
    '/api/v2/me',
    {
      onRequest: app.authenticate,
      schema: { summary: 'Who is signed in', response: { 200: CurrentUserResponse, 401: ErrorBody } },
    },
    async (request) => {
      return { user: toSessionUser(await app.services.users.getUserById(request.user.sub)) };
    },
  );

  app.get(
    '/api/employee/profile',
    {
      onRequest: app.authenticate,
      schema: { summary: 'My profile (header dropdown)', response: { 200: ProfileResponse, 401: ErrorBody } },
    },
    async (request) => app.services.users.getProfile(request.user.sub),
  );
};
export default authRoutes;
