/** One candidate over HTTP: reading it, the duplicate check, adding, editing, deleting, status changes and rejection. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CANDIDATE_MESSAGES,
  Candidate,
  CandidateCreate,
  CandidateDetails,
  CandidateParams,
  CandidateRejectBody,
  CandidateStatusBody,
  CandidateUpdate,
  DuplicateCheckBody,
  DuplicateCheckResult,
  OkBody,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { errors, writeErrors } from './route-schemas.ts';

const editRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const candidates = app.services.candidates;

  app.get(
    '/api/candidates/:id',
    {
      schema: {
        summary: 'View a candidate',
        params: CandidateParams,
        response: { 200: CandidateDetails, ...errors },
      },
    },
    async (request) => candidates.getDetails(request.params.id, callerOf(request.user)),
  );

  app.post(
    '/api/candidates/check-duplicate',
    {
      schema: {
        summary: 'Check whether a candidate is already in',
        body: DuplicateCheckBody,
        response: { 200: DuplicateCheckResult, ...errors },
      },
    },
    async (request) => candidates.checkDuplicate(request.body),
  );

  app.post(
    '/api/candidates',
    {
      schema: {
        summary: 'Add a candidate',
        body: CandidateCreate,
        response: { 201: Candidate, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await candidates.createCandidate(request.body, callerOf(request.user))),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/candidates/:id',
      schema: {
        summary: 'Edit a candidate',
        params: CandidateParams,
        body: CandidateUpdate,
        response: { 200: Candidate, ...writeErrors },
      },
      handler: async (request) =>
        candidates.updateCandidate(request.params.id, request.body, callerOf(request.user)),
    });
  }

  app.delete(
    '/api/candidates/:id',
    {
      schema: {
        summary: 'Delete a candidate',
        params: CandidateParams,
        response: { 200: OkBody, ...writeErrors },
      },
    },
    async (request) => {
      await candidates.deleteCandidate(request.params.id, callerOf(request.user));
      return { ok: true as const, message: CANDIDATE_MESSAGES.deleted };
    },
  );

  app.patch(
    '/api/candidates/:id/status',
    {
      schema: {
        summary: "Change a candidate's status",
        params: CandidateParams,
        body: CandidateStatusBody,
        response: { 200: Candidate, ...writeErrors },
      },
    },
    async (request) =>
      candidates.changeStatus(
        request.params.id,
        request.body.status,
        callerOf(request.user),
        request.body.version,
      ),
  );

  app.patch(
    '/api/candidates/:id/reject',
    {
      schema: {
        summary: 'Reject a candidate with a reason',
        params: CandidateParams,
        body: CandidateRejectBody,
        response: { 200: Candidate, ...writeErrors },
      },
    },
    async (request) => candidates.reject(request.params.id, request.body, callerOf(request.user)),
  );
};
export default editRoutes;
