/** Sharing shortlists with a job's client over HTTP, and the record of what was shared. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CandidateParams, IdText, ShareAnswer, ShareBody, ShortlistShareList } from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { errors } from './route-schemas.ts';

const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const candidates = app.services.candidates;

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
};
export default shareRoutes;
