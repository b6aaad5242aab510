import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ApplicationAnswer,
  CANDIDATE_LIMITS,
  ErrorBody,
  HONEYPOT_FIELD,
  IdText,
  PUBLIC_MESSAGES,
  PUBLIC_ANSWERS_MAX_CHARS,
  PublicApplicationFields,
  PublicJob,
  PublicJobList,
  PublicJobQuery,
  registerFormats,
  toNumberOrNull,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import type { FormPolicy } from '../../plugins/uploads.ts';
import { publicResumePolicy } from '../../plugins/upload-policies.ts';
import { tagRoutes } from '../../plugins/openapi.ts';
import { applicantAnswers } from './service.ts';

registerFormats();

const JobParams = Type.Object({ jobId: IdText('Job') });

/** An application: its text fields and a resume of up to 10 MB (required, but only after the bot check). */
const APPLICATION_FORM: FormPolicy = {
  fields: PublicApplicationFields,
  // The answers travel as one field, longer than any other: at most 3 bytes a character in UTF-8.
  fieldBytes: PUBLIC_ANSWERS_MAX_CHARS * 3,
  files: [publicResumePolicy('resume')],
  invalidMessage: PUBLIC_MESSAGES.applyFailed,
};

/** A number field of the form within its bound, or a 400 naming the field. */
function boundedNumber(value: string | undefined, title: string, max: number): number | null {
  const n = toNumberOrNull(value);
  if (n !== null && n > max) throw invalid(`${title} must be at most ${max}`);
  return n;
}

/**
 * The careers pages' API: no sign-in. Openings are active jobs before their deadline,
 * with public fields only. An application is checked field by field and by its resume's content, obeys
 * the one duplicate rule (a person already on file gets the application recorded on their profile, and is
 * told so by e-mail, never on the page), is rate-limited per address and, for all addresses together, per
 * hour, and every one that passes the checks gets the same answer: 201, the same words, a reference. A bot
 * that fills the hidden field gets it too.
 */
const careerRoutes: FastifyPluginAsyncTypebox<{
  applyRateLimit: number;
  applicationsPerHour: number;
}> = async (app, opts) => {
  tagRoutes(app, 'Careers');
  const careers = app.services.careers;

  app.get(
    '/api/public/jobs',
    {
      schema: {
        summary: 'List open jobs (careers page)',
        querystring: PublicJobQuery,
        response: { 200: PublicJobList, 400: ErrorBody },
      },
    },
    async (request) => careers.listOpenings(request.query),
  );

  app.get(
    '/api/public/jobs/:id',
    {
      schema: {
        summary: 'View an open job (careers page)',
        params: Type.Object({ id: IdText('Job') }),
        response: { 200: PublicJob, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => careers.getOpening(request.params.id),
  );

  app.post(
    '/api/public/jobs/:jobId/apply',
    {
      schema: {
        summary: 'Apply for a job',
        params: JobParams,
        response: {
          201: ApplicationAnswer,
          400: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          507: ErrorBody,
        },
      },
      // After the per-address limit (an onRequest hook), so that an address already refused is not counted.
      preHandler: app.hourlyCeiling({
        name: 'applications',
        max: opts.applicationsPerHour,
        message: PUBLIC_MESSAGES.applicationsBusy,
      }),
      config: {
        form: APPLICATION_FORM,
        rateLimit: {
          max: opts.applyRateLimit,
          timeWindow: '10 minutes',
          errorResponseBuilder: (_req, ctx) => ({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: PUBLIC_MESSAGES.tooManyApplications,
            retryAfter: ctx.after,
          }),
        },
      },
    },
    async (request, reply) => {
      const form = await app.receiveForm<Record<string, string | undefined>>(request);
      const fields = form.fields;
      // A person never fills the hidden field; a bot does, and is told what a person would be told.
      if (fields[HONEYPOT_FIELD]?.trim()) return reply.status(201).send(careers.answerBot());
      if (!form.has('resume')) throw invalid(PUBLIC_MESSAGES.resumeRequired);
      const opening = await careers.getOpening(request.params.jobId);
      const input = {
        job_answers: applicantAnswers(opening, fields.jobAnswers),
        name: fields.name!,
        email: fields.email!,
        phone: fields.phone?.trim() ?? '',
        experience: boundedNumber(fields.experience, 'Experience', CANDIDATE_LIMITS.experienceMax),
        current_company: fields.currentCompany ?? null,
        current_ctc: boundedNumber(fields.currentCTC, 'Current CTC', CANDIDATE_LIMITS.ctcMaxLpa),
        expected_ctc: boundedNumber(fields.expectedCTC, 'Expected CTC', CANDIDATE_LIMITS.ctcMaxLpa),
        notice_period: boundedNumber(fields.noticePeriod, 'Notice period', CANDIDATE_LIMITS.noticePeriodMax),
        current_location: fields.currentLocation ?? null,
        preferred_location: fields.preferredLocation ?? null,
      };
      const stored = await form.store();
      const answer = await stored.keep(() =>
        careers.apply({ ...input, resume_url: stored.urlOf('resume')! }, opening),
      );
      return reply.status(201).send(answer);
    },
  );
};
export default careerRoutes;
