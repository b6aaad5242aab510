import { Type, type Static } from 'typebox';

/**
 * Every error the API answers with has this one shape. `code` says what went wrong for programs,
 * `message` says it for people (the web shows it as is).
 */
export const ErrorCode = {
  /** A body, query or params value failed its schema or a business rule. */
  VALIDATION: 'VALIDATION',
  /** No session, or the session ended (logout, password change, deactivation, expiry). */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** Signed in, but the role or the ownership rule does not allow it. */
  FORBIDDEN: 'FORBIDDEN',
  /** The id names nothing (or the API path does not exist). */
  NOT_FOUND: 'NOT_FOUND',
  /** A unique value is taken, or the row changed since the client read it. */
  CONFLICT: 'CONFLICT',
  /** It was there and is no more: a review link past its expiry or revoked (410). */
  GONE: 'GONE',
  /** An upload is larger than allowed. */
  TOO_LARGE: 'TOO_LARGE',
  /** An upload is not of an allowed type. */
  UNSUPPORTED_TYPE: 'UNSUPPORTED_TYPE',
  /** Too many requests from one client in a short time, or from all together (the public forms' hourly ceilings). */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The disk that keeps uploads has too little free space: nothing was stored (507). */
  INSUFFICIENT_STORAGE: 'INSUFFICIENT_STORAGE',
  /** Anything unexpected; the message is masked. */
  INTERNAL: 'INTERNAL',
  /** The database (or Redis) cannot be reached for now; try again after `Retry-After` seconds. */
  UNAVAILABLE: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  /**
   * The body field the message is about (a value that failed its rule, a unique value already taken),
   * so that a form marks that field rather than only showing a banner.
   */
  field: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * GET /api/ready: whether each part the app needs answers now. A database that is `locked` answers reads
 * but cannot take a write: another process holds the SQLite file's write lock (a backup, a rebuild).
 */
export const ReadyBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Record(
    Type.String(),
    Type.Union([
      Type.Literal('ok'),
      Type.Literal('down'),
      Type.Literal('locked'),
      Type.Literal('not configured'),
    ]),
  ),
});
export type ReadyBody = Static<typeof ReadyBody>;

export const OkBody = Type.Object({ ok: Type.Literal(true), message: Type.Optional(Type.String()) });
export type OkBody = Static<typeof OkBody>;
