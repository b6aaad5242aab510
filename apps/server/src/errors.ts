import { ErrorCode } from '@portal/contracts';

const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  RATE_LIMITED: 429,
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 500,
  UNAVAILABLE: 503,
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
export const gone = (message: string, details?: Record<string, unknown>) =>
  new AppError(ErrorCode.GONE, message, details);
export const forbidden = (message: string) => new AppError(ErrorCode.FORBIDDEN, message);
export const invalid = (message: string) => new AppError(ErrorCode.VALIDATION, message);
export const unauthenticated = (message: string) => new AppError(ErrorCode.UNAUTHENTICATED, message);

/** Seconds a client is asked to wait while the database or Redis is unreachable. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** Error codes of a database or Redis connection that failed or was lost (node, mysql2, MySQL/MariaDB). */
const CONNECTION_ERROR_CODES = new Set([
  'FILE_STORE_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_SHUTDOWN_COMPLETE',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  // Another process holds the SQLite file's lock longer than a request waits (db/sqlite-client.ts).
  'SQLITE_BUSY',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
]);

/**
 * What mysql2 says, without a code, when a query is put on a connection it has already closed: a
 * transaction whose query lost the connection fails its ROLLBACK with it, and that is the error the
 * request sees.
 */
const CLOSED_CONNECTION = /in closed state/;

/**
 * Is this the database, Redis or the file store out of reach (a restart, a network cut), rather than a fault
 * in the request or in our code? Such failures answer 503 with Retry-After: the client may simply try again.
 */
export function isUnavailable(error: unknown): boolean {
  const e = error as {
    code?: string;
    name?: string;
    message?: string;
    errno?: number;
    fatal?: boolean;
  } | null;
  if (!e) return false;
  if (e.code && CONNECTION_ERROR_CODES.has(e.code)) return true;
  // mysql2 marks every error that ends a connection as fatal, whatever its code.
  if (e.fatal === true) return true;
  if (typeof e.message === 'string' && CLOSED_CONNECTION.test(e.message)) return true;
  if (e.name === 'KnexTimeoutError' || e.name === 'MaxRetriesPerRequestError') return true;
  // ioredis without its offline queue, while disconnected.
  return typeof e.message === 'string' && e.message.includes('enableOfflineQueue options is false');
}

/**
 * A write that found no room: the free-disk floor of the uploads folder (MIN_FREE_DISK_MB, the file store's
 * STORAGE_FULL) or the disk itself (ENOSPC). Nothing was kept; the answer is 507.
 */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'STORAGE_FULL' || code === 'ENOSPC';
}
