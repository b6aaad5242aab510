/** The candidate lists over HTTP: the lists, a job's candidates, the template and the export. */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CANDIDATES_EXPORT,
  CandidateFilterQuery,
  CandidateListQuery,
  CandidatePage,
  IdText,
  CANDIDATE_TEMPLATE,
} from '@portal/contracts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { callerOf } from '../../plugins/auth.ts';
import { candidatesWorkbook } from './export.ts';
import { candidateTemplateWorkbook } from './template.ts';
import { errors } from './route-schemas.ts';

const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
};
export default listRoutes;
