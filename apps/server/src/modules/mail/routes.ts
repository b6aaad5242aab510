import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, IdParams, OutboxEntry, OutboxPage, OutboxQuery } from '@portal/contracts';
import { tagRoutes } from '../../plugins/openapi.ts';

/**
 * The mail outbox, for admins: what the product sent or holds (without SMTP, or refused by the mail
 * server, with the reason), newest first; and sending a mail that did not go out once more.
 */
const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Mail');
  const adminOnly = [app.authenticate, app.requireRole('admin')];
  app.get(
    '/api/mail/outbox',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Mail outbox: every mail, sent, waiting or failed',
        querystring: OutboxQuery,
        response: { 200: OutboxPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => app.mailer.outboxPage(request.query),
  );

  app.post(
    '/api/mail/outbox/:id/resend',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Send a waiting or failed mail again',
        params: IdParams,
        response: {
          200: OutboxEntry,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => app.mailer.resend(request.params.id),
  );
};
export default mailRoutes;
