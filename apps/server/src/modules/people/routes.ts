import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Candidate,
  ErrorBody,
  IdText,
  JobApplicationsAnswer,
  JobApplicationsCreate,
  PEOPLE_EXPORT,
  PeopleFilterQuery,
  PeoplePage,
  PeopleQuery,
  Person,
  PersonApplicationCreate,
  PersonConflictBody,
  PersonMergeAnswer,
  PersonMergeBody,
  PersonMergePreview,
  PersonUpdate,
  SuggestedDuplicate,
} from '@portal/contracts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';
import { errors, writeErrors } from '../candidates/route-schemas.ts';
import { peopleWorkbook } from './export.ts';

const PersonParams = Type.Object({ id: IdText('Person') });

/**
 * People (the talent pool) over HTTP. Every call needs sign-in; anyone signed in reads people and may put a
 * person on file forward for a job, as anyone may add a candidate; editing a person needs the right to edit
 * one of their applications (or admin), checked by the service.
 */
const peopleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'People');
  guardRoutes(app, app.authenticate);
  const candidates = app.services.candidates;
  const people = app.services.people;

  app.get(
    '/api/people',
    {
      schema: {
        summary: 'List the talent pool: people across all jobs, with their applications',
        querystring: PeopleQuery,
        response: { 200: PeoplePage, ...errors },
      },
    },
    async (request) => people.listPeople(request.query),
  );

  // The whole filtered pool as people_list.xlsx, streamed as it is read (one row per person).
  app.get(
    '/api/people/export',
    {
      schema: {
        summary: 'Export the talent pool to Excel (people_list.xlsx)',
        querystring: PeopleFilterQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const batches = await people.exportPeople(request.query);
      return sendWorkbook(reply, PEOPLE_EXPORT.fileName, Readable.from(peopleWorkbook(batches)));
    },
  );

  app.get(
    '/api/people/duplicates',
    {
      schema: {
        summary: 'List pairs of people who may be one (admins)',
        response: { 200: Type.Array(SuggestedDuplicate), ...errors, 403: ErrorBody },
      },
    },
    async (request) => people.suggestedDuplicates(callerOf(request.user)),
  );

  app.get(
    '/api/people/:id/merge-preview',
    {
      schema: {
        summary: 'Preview merging another person into this one',
        params: PersonParams,
        querystring: Type.Object({ otherId: IdText('Other person') }, { additionalProperties: false }),
        response: { 200: PersonMergePreview, ...errors },
      },
    },
    async (request) => people.mergePreview(request.params.id, request.query.otherId),
  );

  app.post(
    '/api/people/:id/merge',
    {
      schema: {
        summary: 'Merge another person into this one (admins)',
        params: PersonParams,
        body: PersonMergeBody,
        response: { 200: PersonMergeAnswer, ...errors, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => people.merge(request.params.id, request.body, callerOf(request.user)),
  );

  app.post(
    '/api/people/merges/:mergeId/undo',
    {
      schema: {
        summary: 'Undo a merge of two people (admins)',
        params: Type.Object({ mergeId: IdText('Merge') }),
        response: {
          200: Type.Object({ message: Type.String(), person: Person, other: Person }),
          ...errors,
          403: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => people.undoMerge(request.params.mergeId, callerOf(request.user)),
  );

  app.get(
    '/api/people/:id',
    {
      schema: {
        summary: 'View a person: the profile and every application',
        params: PersonParams,
        response: { 200: Person, ...errors },
      },
    },
    async (request) => people.getPerson(request.params.id, callerOf(request.user)),
  );

  app.put(
    '/api/people/:id',
    {
      schema: {
        summary: "Edit a person's fields (on every application of theirs)",
        params: PersonParams,
        body: PersonUpdate,
        response: { 200: Person, ...errors, 403: ErrorBody, 409: PersonConflictBody },
      },
    },
    async (request) => people.updatePerson(request.params.id, request.body, callerOf(request.user)),
  );

  app.post(
    '/api/people/:id/applications',
    {
      schema: {
        summary: 'Put a person on file forward for a job',
        params: PersonParams,
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
