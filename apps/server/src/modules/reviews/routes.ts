/**
 * Client review links, staff side (sign-in needed): a job's client contacts, and revoking or extending the
 * link a shortlist sent. Reading contacts is for anyone who may see the job; changing them or a link is for
 * those who may edit the job, checked by the service with the jobs' own rule.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ClientComment,
  ClientCommentBody,
  ClientFeedback,
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
  ShareCandidateParams,
  ShareLinkTracking,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 403: ErrorBody, 409: ErrorBody };
const JobParams = Type.Object({ jobId: IdText('Job') });
const CandidateParams = Type.Object({
  uuid: Type.String({ minLength: 1, maxLength: 36, title: 'Candidate' }),
});

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

  app.get(
    '/api/candidates/:uuid/client-feedback',
    {
      schema: {
        summary: "The client's decisions and comment threads on a candidate, per share that sent them",
        params: CandidateParams,
        response: { 200: ClientFeedback, ...errors },
      },
    },
    async (request) => reviews.clientFeedback(request.params.uuid),
  );

  app.post(
    '/api/candidates/:uuid/client-comments',
    {
      schema: {
        summary: "A recruiter's reply on a candidate's client thread, through one of its share's links",
        params: CandidateParams,
        body: ClientCommentBody,
        response: { 201: ClientComment, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reviews.reply(request.params.uuid, request.body, callerOf(request.user))),
  );

  app.delete(
    '/api/shares/:shareId/candidates/:uuid',
    {
      schema: {
        summary: 'Withdraw a candidate from a shared shortlist: its review pages drop them',
        params: ShareCandidateParams,
        response: { 200: OkBody, ...writeErrors },
      },
    },
    async (request) => {
      await reviews.withdraw(request.params.shareId, request.params.uuid, callerOf(request.user));
      return { ok: true as const, message: REVIEW_MESSAGES.candidateWithdrawn };
    },
  );
};
export default reviewStaffRoutes;
