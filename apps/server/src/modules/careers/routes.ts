import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  ApplicationAnswer,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES,
  ErrorBody,
  ErrorCode,
  HONEYPOT_FIELD,
  Id,
  PUBLIC_MESSAGES,
  PUBLIC_RESUME_MAX_BYTES,
  PublicApplicationFields,
  PublicJob,
  PublicJobList,
  PublicJobQuery,
  fieldErrors,
  registerFormats,
  toNumberOrNull,
} from '@portal/contracts';
import { AppError, invalid } from '../../errors.ts';
import { detectFileKind, type FileKind } from '../../lib/file-types.ts';
import { fileUrl } from '../../lib/file-store.ts';

registerFormats();
const applicationCheck = Compile(PublicApplicationFields);

const RESUME_KINDS: FileKind[] = ['pdf', 'doc', 'docx'];
const JobParams = Type.Object({ jobId: Id('Job') });

/** The application's text fields and its resume, read from the multipart body in any order. */
async function readApplication(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_TYPE, CANDIDATE_MESSAGES.resumeType);
  const fields: Record<string, string> = {};
  let resume: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: PUBLIC_RESUME_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'resume') resume = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.TOO_LARGE, CANDIDATE_MESSAGES.publicResumeTooLarge);
    }
    if (error instanceof AppError) throw error;
    request.log.warn({ err: error }, 'unreadable application');
    throw invalid(PUBLIC_MESSAGES.applyFailed);
  }
  return { fields, resume };
}

/** A number field of the form within its bound, or a 400 naming the field. */
function boundedNumber(value: string | undefined, title: string, max: number): number | null {
  const n = toNumberOrNull(value);
  if (n !== null && n > max) throw invalid(`${title} must be at most ${max}`);
  return n;
}

/**
 * The careers pages' API (spec 3 §2.9, §7): no sign-in. Openings are active jobs before their deadline,
 * with public fields only. An application is checked field by field and by its resume's content, obeys
 * the one duplicate rule (a person already on file is answered kindly and their record left as it is),
 * is rate-limited per address, and a bot that fills the hidden field is answered as if it had succeeded.
 */
const careerRoutes: FastifyPluginAsyncTypebox<{ applyRateLimit: number }> = async (app, opts) => {
  const careers = app.services.careers;

  app.get(
    '/api/public/jobs',
    { schema: { querystring: PublicJobQuery, response: { 200: PublicJobList, 400: ErrorBody } } },
    async (request) => careers.listOpenings(request.query),
  );

  app.get(
    '/api/public/jobs/:id',
    {
      schema: {
        params: Type.Object({ id: Id('Job') }),
        response: { 200: PublicJob, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => careers.getOpening(request.params.id),
  );

  app.post(
    '/api/public/jobs/:jobId/apply',
    {
      schema: {
        params: JobParams,
        response: {
          200: ApplicationAnswer,
          201: ApplicationAnswer,
          400: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
        },
      },
      config: {
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
      const { fields, resume } = await readApplication(request);
      if (!applicationCheck.Check(fields)) {
        throw invalid(
          Object.values(fieldErrors(PublicApplicationFields, fields))[0] ?? PUBLIC_MESSAGES.applyFailed,
        );
      }
      // A person never fills the hidden field; a bot does, and is told what a person would be told.
      if (fields[HONEYPOT_FIELD]?.trim()) return { success: true, message: PUBLIC_MESSAGES.applied };
      if (!resume || resume.length === 0) throw invalid(PUBLIC_MESSAGES.resumeRequired);
      const kind = detectFileKind(resume);
      if (!kind || !RESUME_KINDS.includes(kind)) {
        throw new AppError(ErrorCode.UNSUPPORTED_TYPE, CANDIDATE_MESSAGES.resumeType);
      }
      const jobId = request.params.jobId;
      await careers.getOpening(jobId);
      const input = {
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
      const name = await app.files.put(resume, kind);
      let candidate;
      try {
        await app.uploadLedger.record(name, null, resume.length);
        candidate = await app.services.candidates.createApplication(
          { ...input, resume_url: fileUrl(name) },
          jobId,
        );
      } catch (error) {
        await app.files.remove(name);
        throw error;
      }
      // Already on file: nothing changes, and the applicant is told so kindly (their file is not kept).
      if (!candidate) {
        await app.files.remove(name);
        return { success: true, message: PUBLIC_MESSAGES.alreadyApplied };
      }
      return reply.status(201).send({
        success: true,
        message: PUBLIC_MESSAGES.applied,
        reference: candidate.uuid.slice(0, 8).toUpperCase(),
      });
    },
  );
};
export default careerRoutes;
