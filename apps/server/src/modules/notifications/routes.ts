import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  Notification,
  NotificationPage,
  NotificationQuery,
  UnreadCount,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** The bell: every signed-in user reads and marks their own notifications, and no one else's. */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Notifications');
  guardRoutes(app, app.authenticate);
  const notifications = app.services.notifications;

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'List my notifications (newest first)',
        querystring: NotificationQuery,
        response: { 200: NotificationPage, ...errors },
      },
    },
    async (request) => notifications.list(request.query, callerOf(request.user)),
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { summary: 'Count my unread notifications', response: { 200: UnreadCount, ...errors } } },
    async (request) => notifications.unreadCount(callerOf(request.user)),
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { summary: 'Mark all my notifications read', response: { 200: UnreadCount, ...errors } } },
    async (request) => notifications.markAllRead(callerOf(request.user)),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        summary: 'Mark one of my notifications read',
        params: IdParams,
        response: { 200: Notification, ...errors },
      },
    },
    async (request) => notifications.markRead(request.params.id, callerOf(request.user)),
  );
};
export default notificationRoutes;
