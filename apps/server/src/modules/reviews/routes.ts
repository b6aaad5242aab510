/**
 * Client review links, staff side (sign-in needed): a job's client contacts, and revoking or extending the
 * link a shortlist sent. Reading contacts is for anyone who may see the job; changing them or a link is for
 * those who may edit the job, checked by the service with the jobs' own rule.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ClientContact,
  ClientContactCreate,
  ClientContactList,
  ClientContactParams,
  ErrorBody,
  IdText,
  OkBody,
  REVIEW_MESSAGES,
  ShareLinkExtendBody,
  ShareLinkParams,
  ShareLinkTracking,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 403: ErrorBody, 409: ErrorBody };
const JobParams = Type.Object({ jobId: IdText('Job') });

const reviewStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Reviews');
  guardRoutes(app, app.authenticate);
  const reviews = app.services.reviews;

  app.get(
    '/api/jobs/:jobId/client-contacts',
    {
      schema: {
        summary: "A job's client contacts, by name",
        params: JobParams,
        response: { 200: ClientContactList, ...errors },
      },
    },
    async (request) => ({ items: await reviews.listContacts(request.params.jobId) }),
  );

  app.post(
    '/api/jobs/:jobId/client-contacts',
    {
      schema: {
        summary: 'Add a client contact to a job',
        params: JobParams,
        body: ClientContactCreate,
        response: { 201: ClientContact, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviews.addContact(request.params.jobId, request.body, callerOf(request.user))),
  );

  app.delete(
    '/api/jobs/:jobId/client-contacts/:contactId',
    {
      schema: {
        summary: "Remove a job's client contact (links already sent to them keep working)",
        params: ClientContactParams,
        response: { 200: OkBody, ...writeErrors },
      },
    },
    async (request) => {
      await reviews.removeContact(request.params.jobId, request.params.contactId, callerOf(request.user));
      return { ok: true as const, message: REVIEW_MESSAGES.contactRemoved };
    },
  );

  app.post(
    '/api/shares/links/:id/revoke',
    {
      schema: {
        summary: 'Revoke a review link: it stops working at once',
        params: ShareLinkParams,
        response: { 200: ShareLinkTracking, ...writeErrors },
      },
    },
    async (request) => reviews.revoke(request.params.id, callerOf(request.user)),
  );

  app.post(
    '/api/shares/links/:id/extend',
    {
      schema: {
        summary: 'Extend a review link: it works for this many days from now',
        params: ShareLinkParams,
        body: ShareLinkExtendBody,
        response: { 200: ShareLinkTracking, ...writeErrors },
      },
    },
    async (request) => reviews.extend(request.params.id, request.body.days, callerOf(request.user)),
  );
};
export default reviewStaffRoutes;
