import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTACT_MESSAGES,
  CONTACT_RATE_LIMIT,
  ContactAnswer,
  ContactMessage,
  ErrorBody,
} from '@portal/contracts';
import { createContactService } from './service.ts';
import { tagRoutes } from '../../plugins/openapi.ts';

/** The public contact form's call: no sign-in, rate-limited per address and, for all addresses, per hour. */
const contactRoutes: FastifyPluginAsyncTypebox<{ contactTo: string; messagesPerHour: number }> = async (
  app,
  opts,
) => {
  tagRoutes(app, 'Contact');
  const contact = createContactService({ db: app.db, mailer: app.mailer, to: opts.contactTo, log: app.log });

  app.post(
    '/api/email/contact',
    {
      schema: {
        summary: 'Send the contact form',
        body: ContactMessage,
        response: { 200: ContactAnswer, 400: ErrorBody, 429: ErrorBody },
      },
      // After the per-address limit (onRequest) and the body's check: only well-formed messages count.
      preHandler: app.hourlyCeiling({
        name: 'contact-messages',
        max: opts.messagesPerHour,
        message: CONTACT_MESSAGES.busy,
      }),
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowMs,
          errorResponseBuilder: (_req, ctx) => ({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: CONTACT_MESSAGES.tooMany,
            retryAfter: ctx.after,
          }),
        },
      },
    },
    async (request) => contact.receiveMessage(request.body, request.ip),
  );
};
export default contactRoutes;
