import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTACT_MESSAGES,
  CONTACT_RATE_LIMIT,
  ContactAnswer,
  ContactInboxMessage,
  ContactInboxPage,
  ContactInboxQuery,
  ContactInboxUpdate,
  ContactMessage,
  ErrorBody,
  IdParams,
  MessagesStatus,
} from '@portal/contracts';
import { createContactService } from './service.ts';
import { tagRoutes } from '../../plugins/openapi.ts';

/**
 * The public contact form's call (no sign-in, rate-limited per address and, for all addresses, per hour),
 * and the admins' inbox of its messages with the Messages screen's status line.
 */
const contactRoutes: FastifyPluginAsyncTypebox<{ contactTo: string; messagesPerHour: number }> = async (
  app,
  opts,
) => {
  tagRoutes(app, 'Contact');
  const contact = createContactService({
    db: app.db,
    inUnitOfWork: app.inUnitOfWork,
    mailer: app.mailer,
    notify: app.services.notifications,
    to: opts.contactTo,
    log: app.log,
  });
  const adminOnly = [app.authenticate, app.requireRole('admin')];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

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

  app.get(
    '/api/contact-messages',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'List the contact form messages (newest first)',
        querystring: ContactInboxQuery,
        response: { 200: ContactInboxPage, ...errors },
      },
    },
    async (request) => contact.list(request.query),
  );

  app.patch(
    '/api/contact-messages/:id',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Mark a contact form message read or unread',
        params: IdParams,
        body: ContactInboxUpdate,
        response: { 200: ContactInboxMessage, ...errors, 404: ErrorBody },
      },
    },
    async (request) => contact.markRead(request.params.id, request.body.read),
  );

  app.get(
    '/api/messages/status',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Whether mail is set up, mails waiting, unread contact messages',
        response: { 200: MessagesStatus, ...errors },
      },
    },
    async () => {
      const [mailWaiting, unreadMessages] = await Promise.all([app.mailer.waiting(), contact.unreadCount()]);
      return { mailConfigured: app.mailer.configured, mailWaiting, unreadMessages };
    },
  );
};
export default contactRoutes;
