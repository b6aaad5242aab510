import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  OkBody,
  Skill,
  SkillCreate,
  SkillListQuery,
  SkillPage,
  SkillUpdate,
  SKILL_MESSAGES,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Skills: any signed-in user reads and edits the catalogue. */
const skillRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Skills');
  guardRoutes(app, app.authenticate);

  app.get(
    '/api/skills',
    {
      schema: {
        summary: 'List skills',
        querystring: SkillListQuery,
        response: { 200: SkillPage, ...errors },
      },
    },
    async (request) => app.services.skills.listSkills(request.query),
  );

  app.get(
    '/api/skills/:id',
    { schema: { summary: 'View a skill', params: IdParams, response: { 200: Skill, ...errors } } },
    async (request) => app.services.skills.getSkill(request.params.id),
  );

  app.post(
    '/api/skills',
    { schema: { summary: 'Add a skill', body: SkillCreate, response: { 201: Skill, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await app.services.skills.createSkill(request.body, callerOf(request.user))),
  );

  app.patch(
    '/api/skills/:id',
    {
      schema: {
        summary: 'Edit a skill',
        params: IdParams,
        body: SkillUpdate,
        response: { 200: Skill, ...errors },
      },
    },
    async (request) =>
      app.services.skills.updateSkill(request.params.id, request.body, callerOf(request.user)),
  );

  app.delete(
    '/api/skills/:id',
    { schema: { summary: 'Delete a skill', params: IdParams, response: { 200: OkBody, ...errors } } },
    async (request) => {
      await app.services.skills.deleteSkill(request.params.id);
      return { ok: true as const, message: SKILL_MESSAGES.deleted };
    },
  );
};
export default skillRoutes;
