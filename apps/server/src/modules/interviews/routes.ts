/**
 * Interviews over HTTP (sign-in needed): a candidate's interviews, scheduling, rescheduling and cancelling one
 * (for those who may edit the candidate, checked by the service), and the signed-in user's own interviews.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CandidateInterviewsParams,
  ErrorBody,
  Interview,
  InterviewClash,
  InterviewCreate,
  InterviewList,
  InterviewParams,
  InterviewUpdate,
  InterviewsQuery,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** A 409 of a clash carries the clashes (send again with `confirmOverlap: true`); others only the message. */
const ConflictBody = Type.Object({
  ...ErrorBody.properties,
  clashes: Type.Optional(Type.Array(InterviewClash)),
});
const writeErrors = { ...errors, 403: ErrorBody, 409: ConflictBody };

const interviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Interviews');
  guardRoutes(app, app.authenticate);
  const interviews = app.services.interviews;

  app.post(
    '/api/candidates/:uuid/interviews',
    {
      schema: {
        summary:
          'Schedule an interview of a candidate (invitations with a calendar part go to the candidate and the interviewers)',
        params: CandidateInterviewsParams,
        body: InterviewCreate,
        response: { 201: Interview, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await interviews.schedule(request.params.uuid, request.body, callerOf(request.user))),
  );

  app.get(
    '/api/candidates/:uuid/interviews',
    {
      schema: {
        summary: "A candidate's interviews, the newest start first",
        params: CandidateInterviewsParams,
        response: { 200: InterviewList, ...errors },
      },
    },
    async (request) => ({ items: await interviews.ofCandidate(request.params.uuid) }),
  );

  app.get(
    '/api/interviews',
    {
      schema: {
        summary:
          "The signed-in user's interviews as an interviewer, by start (`mine=1`, optionally `from` / `to`)",
        querystring: InterviewsQuery,
        response: { 200: InterviewList, ...errors },
      },
    },
    async (request) => ({ items: await interviews.mine(request.query, callerOf(request.user)) }),
  );

  app.patch(
    '/api/interviews/:id',
    {
      schema: {
        summary: 'Reschedule or change an interview (the invitations are updated: same UID, SEQUENCE raised)',
        params: InterviewParams,
        body: InterviewUpdate,
        response: { 200: Interview, ...writeErrors },
      },
    },
    async (request) => interviews.reschedule(request.params.id, request.body, callerOf(request.user)),
  );

  app.post(
    '/api/interviews/:id/cancel',
    {
      schema: {
        summary: 'Cancel an interview (everyone invited gets the cancellation: METHOD:CANCEL)',
        params: InterviewParams,
        response: { 200: Interview, ...writeErrors },
      },
    },
    async (request) => interviews.cancel(request.params.id, callerOf(request.user)),
  );
};
export default interviewRoutes;
