import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ErrorCode, GENERAL_MESSAGES, reportableError } from '@portal/contracts';
import { AppError, UNAVAILABLE_RETRY_SECONDS, isOutOfSpace, isUnavailable } from '../errors.ts';
import { describeValidationError, fieldOfValidationError } from './validation.ts';

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/** One error handler: every failure leaves as `{ statusCode, code, message }`, 5xx messages masked. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
        return reply
          .status(error.statusCode)
          .send({ ...error.details, statusCode: error.statusCode, code: error.code, message: error.message });
      }
      if (error.validation && error.validation.length > 0) {
        const first = reportableError(error.validation)!;
        const message = describeValidationError(first);
        // Only a body's fields are a form's fields; a bad query or path names no input.
        const field = error.validationContext === 'body' ? fieldOfValidationError(first) : undefined;
        return reply
          .status(400)
          .send({ statusCode: 400, code: ErrorCode.VALIDATION, message, ...(field ? { field } : {}) });
      }
      if (isOutOfSpace(error)) {
        request.log.error({ err: error.message }, 'no room on the disk for an upload');
        return reply.status(507).send({
          statusCode: 507,
          code: ErrorCode.INSUFFICIENT_STORAGE,
          message: GENERAL_MESSAGES.storageFull,
        });
      }
      if (isUnavailable(error)) {
        request.log.warn({ err: error.message }, 'database, redis or file store unreachable');
        return reply
          .status(503)
          .header('retry-after', UNAVAILABLE_RETRY_SECONDS)
          .send({ statusCode: 503, code: ErrorCode.UNAVAILABLE, message: GENERAL_MESSAGES.unavailable });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .status(status)
          .send({ statusCode: status, code: ErrorCode.INTERNAL, message: GENERAL_MESSAGES.internalError });
      }
      const code = CODE_OF_STATUS[status] ?? ErrorCode.VALIDATION;
      // Fastify's own 4xx texts (bad JSON, wrong content type, body too large) are already readable.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.message.startsWith('Unexpected')
          ? 'The request body is not valid JSON'
          : error.message;
      return reply.status(status).send({ statusCode: status, code, message });
    });
  },
  { name: 'errors' },
);
