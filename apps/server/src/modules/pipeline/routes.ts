import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CandidateMoveBody,
  CandidateParams,
  ErrorBody,
  IdText,
  MoveConflictBody,
  PipelineBoard,
  PipelineCard,
  PipelineColumnPage,
  PipelineColumnParams,
  PipelineColumnQuery,
  PipelineQuery,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * The pipeline board: a job's columns and their pages (read by whoever may read the job's candidate list:
 * anyone signed in), and moving a card (the candidate's creator, an admin, or anyone who may edit its job,
 * checked by the service).
 */
const pipelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Candidates');
  guardRoutes(app, app.authenticate);
  const candidates = app.services.candidates;

  app.get(
    '/api/jobs/:jobId/pipeline',
    {
      schema: {
        summary: "A job's pipeline board: a column per status, with totals and first cards",
        params: Type.Object({ jobId: IdText('Job') }),
        querystring: PipelineQuery,
        response: { 200: PipelineBoard, ...errors },
      },
    },
    async (request) => candidates.pipelineBoard(request.params.jobId, request.query, callerOf(request.user)),
  );

  app.get(
    '/api/jobs/:jobId/pipeline/:status',
    {
      schema: {
        summary: "A page of one column of a job's pipeline board",
        params: PipelineColumnParams,
        querystring: PipelineColumnQuery,
        response: { 200: PipelineColumnPage, ...errors },
      },
    },
    async (request) =>
      candidates.pipelineColumn(
        request.params.jobId,
        request.params.status,
        request.query,
        callerOf(request.user),
      ),
  );

  app.post(
    '/api/candidates/:id/move',
    {
      schema: {
        summary: 'Move a card on the pipeline board (status and place in its column)',
        params: CandidateParams,
        body: CandidateMoveBody,
        response: { 200: PipelineCard, ...errors, 403: ErrorBody, 409: MoveConflictBody },
      },
    },
    async (request) => candidates.moveCandidate(request.params.id, request.body, callerOf(request.user)),
  );
};
export default pipelineRoutes;
