/** Files over HTTP: the bulk upload, a resume stored before its candidate, and a candidate's resume and photo. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkUploadAnswer,
  CandidateBulkBody,
  CandidateFileAnswer,
  CandidateParams,
  UploadResponse,
} from '@portal/contracts';
import { photoPolicy, resumePolicy } from '../../plugins/upload-policies.ts';
import { callerOf } from '../../plugins/auth.ts';
import { BULK_BODY_LIMIT, errors, uploadErrors } from './route-schemas.ts';

const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const candidates = app.services.candidates;

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
export default fileRoutes;
