import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '@portal/contracts';
import { tagRoutes } from '../../plugins/openapi.ts';

const OutboxEntry = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
});

/** The mail outbox, for admins: what the product sent (or holds, without SMTP), newest first. */
const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Mail');
  app.get(
    '/api/mail/outbox',
    {
      onRequest: [app.authenticate, app.requireRole('admin')],
      schema: {
        summary: 'Mail outbox (not yet sent)',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Type.Array(OutboxEntry), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => app.mailer.outbox(request.query.limit),
  );
};
export default mailRoutes;
