import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  LinkedApplication,
  BulkUploadAnswer,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES,
  CANDIDATES_EXPORT,
  Candidate,
  CandidateBulkBody,
  CandidateConflictBody,
  CandidateCreate,
  CandidateDetails,
  CandidateFileAnswer,
  CandidateFilterQuery,
  CandidateListQuery,
  CandidatePage,
  CandidateParams,
  CandidateRejectBody,
  CandidateStatusBody,
  CandidateUpdate,
  DuplicateCheckBody,
  DuplicateCheckResult,
  ErrorBody,
  IdText,
  OkBody,
  ShareAnswer,
  ShareBody,
  ShortlistShareList,
  UploadResponse,
  CANDIDATE_TEMPLATE,
} from '@portal/contracts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { photoPolicy, resumePolicy } from '../../plugins/upload-policies.ts';
import { callerOf } from '../../plugins/auth.ts';
import { candidatesWorkbook } from './export.ts';
import { candidateTemplateWorkbook } from './template.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 403: ErrorBody, 409: CandidateConflictBody };
const uploadErrors = { ...writeErrors, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody, 507: ErrorBody };

/** A bulk upload carries up to 50,000 rows: a larger body than any other call. */
const BULK_BODY_LIMIT = CANDIDATE_LIMITS.bulkRows * 1024;

/**
 * Candidates: every call needs sign-in. Anyone signed in lists, reads and adds candidates;
 * editing, status changes, rejection and deletion are for the candidate's creator, an admin or anyone who
 * may edit its job, checked by the service.
 */
const candidateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Candidates');
  guardRoutes(app, app.authenticate);
  const candidates = app.services.candidates;

  app.get(
    '/api/candidates',
    {
      schema: {
        summary: 'List candidates',
        querystring: CandidateListQuery,
        response: { 200: CandidatePage, ...errors },
      },
    },
    async (request) => candidates.listCandidates(request.query, callerOf(request.user)),
  );

  app.get(
    '/api/employee/candidates',
    {
      schema: {
        summary: 'List my candidates',
        querystring: CandidateListQuery,
        response: { 200: CandidatePage, ...errors },
      },
    },
    async (request) => candidates.listEmployeeCandidates(request.query, callerOf(request.user)),
  );

  app.get(
    '/api/candidates/bulk-template.xlsx',
    {
      schema: {
        summary: 'Download the bulk upload template (candidate-upload-template.xlsx)',
        response: errors,
      },
    },
    async (_request, reply) => sendWorkbook(reply, CANDIDATE_TEMPLATE.fileName, candidateTemplateWorkbook()),
  );

  // The whole filtered list as candidates_list.xlsx, streamed as it is read (100,000 rows in a few MB).
  app.get(
    '/api/candidates/export',
    {
      schema: {
        summary: 'Export candidates to Excel (candidates_list.xlsx)',
        querystring: CandidateFilterQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const batches = await candidates.exportCandidates(request.query, callerOf(request.user));
      return sendWorkbook(reply, CANDIDATES_EXPORT.fileName, Readable.from(candidatesWorkbook(batches)));
    },
  );

  app.get(
    '/api/candidates/job/:jobId',
    {
      schema: {
        summary: "List a job's candidates",
        params: Type.Object({ jobId: IdText('Job') }),
        querystring: CandidateListQuery,
        response: { 200: CandidatePage, ...errors },
      },
    },
    async (request) =>
      candidates.listJobCandidates(request.params.jobId, request.query, callerOf(request.user)),
  );

  app.get(
    '/api/candidates/job/:jobId/linked-applications',
    {
      schema: {
        summary: "List a job's applications recorded on profiles of other jobs",
        params: Type.Object({ jobId: IdText('Job') }),
        response: { 200: Type.Array(LinkedApplication), ...errors },
      },
    },
    async (request) => candidates.listLinkedApplications(request.params.jobId),
  );

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

  app.post(
    '/api/candidates/share',
    {
      schema: {
        summary: "Share a shortlist with the job's client",
        body: ShareBody,
        response: { 200: ShareAnswer, ...errors },
      },
    },
    async (request) => candidates.share(request.body, callerOf(request.user)),
  );

  app.get(
    '/api/jobs/:jobId/shares',
    {
      schema: {
        summary: "The shortlists sent to a job's client, newest first",
        params: Type.Object({ jobId: IdText('Job') }),
        response: { 200: ShortlistShareList, ...errors },
      },
    },
    async (request) => ({ items: await candidates.jobShares(request.params.jobId) }),
  );

  app.get(
    '/api/candidates/:id/shares',
    {
      schema: {
        summary: 'The shortlists sent to clients that named a candidate, newest first',
        params: CandidateParams,
        response: { 200: ShortlistShareList, ...errors },
      },
    },
    async (request) => ({ items: await candidates.candidateShares(request.params.id) }),
  );

  app.post(
    '/api/candidates/bulk-upload',
    {
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary: 'Bulk upload candidates',
        body: CandidateBulkBody,
        response: { 200: BulkUploadAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await candidates.bulkUpload(
        request.body.candidates,
        callerOf(request.user),
        request.body.resume_files,
      );
      // The answer is written by JSON.stringify, in one piece: the schema's serializer joins a 50,000-row
      // answer from hundreds of thousands of strings, which made this call's peak memory. The answer names
      // the schema's fields in its order (bulk.ts), so the text is the same.
      return reply.serializer(JSON.stringify).send(answer);
    },
  );

  app.post(
    '/api/upload/resume',
    { schema: { summary: 'Upload a resume', response: { 201: UploadResponse, ...uploadErrors } } },
    async (request, reply) => {
      const stored = await app.receiveUpload(request, resumePolicy('file'));
      return reply.status(201).send({ url: stored.url });
    },
  );

  const fileUploads = [
    { path: 'resume', column: 'resume_url', policy: resumePolicy('resume') },
    { path: 'image', column: 'image_url', policy: photoPolicy('image') },
  ] as const;
  for (const { path, column, policy } of fileUploads) {
    app.post(
      `/api/candidates/:id/upload/${path}`,
      {
        schema: {
          summary: `Upload the candidate's ${path === 'image' ? 'photo' : 'resume'}`,
          params: CandidateParams,
          response: { 201: CandidateFileAnswer, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const reader = callerOf(request.user);
        // Permission first: a refused upload stores nothing.
        await candidates.assertMayEdit(request.params.id, reader);
        const stored = await app.receiveUpload(request, policy);
        const candidate = await candidates.attachFile(request.params.id, column, stored.url, reader);
        return reply.status(201).send({ url: stored.url, candidate });
      },
    );
  }
};
export default candidateRoutes;
