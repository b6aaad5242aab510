import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Candidate,
  IdText,
  JobApplicationsAnswer,
  JobApplicationsCreate,
  PersonApplicationCreate,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';
import { writeErrors } from '../candidates/route-schemas.ts';

/**
 * People (the talent pool) over HTTP. Every call needs sign-in; anyone signed in may put a person on file
 * forward for a job, as anyone may add a candidate.
 */
const peopleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'People');
  guardRoutes(app, app.authenticate);
  const candidates = app.services.candidates;

  app.post(
    '/api/people/:id/applications',
    {
      schema: {
        summary: 'Put a person on file forward for a job',
        params: Type.Object({ id: IdText('Person') }),
        body: PersonApplicationCreate,
        response: { 201: Candidate, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await candidates.addApplication(request.params.id, request.body, callerOf(request.user))),
  );

  app.post(
    '/api/jobs/:jobId/applications',
    {
      schema: {
        summary: 'Add people of the talent pool to a job at once',
        params: Type.Object({ jobId: IdText('Job') }),
        body: JobApplicationsCreate,
        response: { 200: JobApplicationsAnswer, ...writeErrors },
      },
    },
    async (request) =>
      candidates.addToJob(request.params.jobId, request.body.personIds, callerOf(request.user)),
  );
};
export default peopleRoutes;
