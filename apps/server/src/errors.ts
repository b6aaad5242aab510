import { ErrorCode } from '@portal/contracts';

const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The one error type services throw; the error handler turns it into `{ statusCode, code, message }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** More for the client, sent beside the message (a 409's `current` record, say). */
    readonly details?: Record<string, unknown>,
    /** Sent as `Retry-After` (429, 503): how many seconds until trying again makes sense. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = STATUS_OF[code];
  }
}

export const notFound = (message: string) => new AppError(ErrorCode.NOT_FOUND, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(ErrorCode.CONFLICT, message, details);
export const forbidden = (message: string) => new AppError(ErrorCode.FORBIDDEN, message);
export const invalid = (message: string) => new AppError(ErrorCode.VALIDATION, message);
export const unauthenticated = (message: string) => new AppError(ErrorCode.UNAUTHENTICATED, message);
