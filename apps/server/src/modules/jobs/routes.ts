import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  Job,
  JobConflictBody,
  JobCreate,
  JobExportList,
  JobFilterQuery,
  JobListQuery,
  JobPage,
  JobStatusBody,
  JobUpdate,
  JOB_MESSAGES,
  JOBS_EXPORT,
  OkBody,
} from '@portal/contracts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';
import { jobsWorkbook } from './excel.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 403: ErrorBody, 409: JobConflictBody };

/**
 * Jobs: any signed-in user lists, reads and adds jobs; editing, status changes and deletion are for the
 * creator, an admin or a user the job lists in `editable_by`, checked by the service.
 */
const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Jobs');
  guardRoutes(app, app.authenticate);

  app.get(
    '/api/jobs',
    { schema: { summary: 'List jobs', querystring: JobListQuery, response: { 200: JobPage, ...errors } } },
    async (request) => app.services.jobs.listJobs(request.query, callerOf(request.user)),
  );

  app.get(
    '/api/jobs/export',
    {
      schema: {
        summary: 'Export jobs (the filtered list)',
        querystring: JobFilterQuery,
        response: { 200: JobExportList, ...errors },
      },
    },
    async (request) => app.services.jobs.exportJobs(request.query),
  );

  app.get(
    '/api/jobs/export.xlsx',
    {
      schema: {
        summary: 'Download the filtered list as jobs_list.xlsx',
        querystring: JobFilterQuery,
        response: errors,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        JOBS_EXPORT.fileName,
        jobsWorkbook(await app.services.jobs.exportJobs(request.query)),
      ),
  );

  app.get(
    '/api/jobs/:id',
    { schema: { summary: 'View a job', params: IdParams, response: { 200: Job, ...errors } } },
    async (request) => app.services.jobs.getJob(request.params.id, callerOf(request.user)),
  );

  app.post(
    '/api/jobs',
    { schema: { summary: 'Add a job', body: JobCreate, response: { 201: Job, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await app.services.jobs.createJob(request.body, callerOf(request.user))),
  );

  app.put(
    '/api/jobs/:id',
    {
      schema: {
        summary: 'Edit a job',
        params: IdParams,
        body: JobUpdate,
        response: { 200: Job, ...writeErrors },
      },
    },
    async (request) => app.services.jobs.updateJob(request.params.id, request.body, callerOf(request.user)),
  );

  app.patch(
    '/api/jobs/:id/status',
    {
      schema: {
        summary: "Change a job's status",
        params: IdParams,
        body: JobStatusBody,
        response: { 200: Job, ...writeErrors },
      },
    },
    async (request) =>
      app.services.jobs.changeStatus(
        request.params.id,
        request.body.status,
        callerOf(request.user),
        request.body.version,
      ),
  );

  app.delete(
    '/api/jobs/:id',
    { schema: { summary: 'Delete a job', params: IdParams, response: { 200: OkBody, ...writeErrors } } },
    async (request) => {
      await app.services.jobs.deleteJob(request.params.id, callerOf(request.user));
      return { ok: true as const, message: JOB_MESSAGES.deleted };
    },
  );
};
export default jobRoutes;
