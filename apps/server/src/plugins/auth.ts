import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, SESSION_COOKIE, type Role } from '@portal/contracts';
import { forbidden, unauthenticated } from '../errors.ts';
import { callerOf, type SessionClaims } from '../lib/caller.ts';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

/**
 * The session checks this plugin makes, and the roles each admits (none: any signed-in user). The API
 * reference reads a route's checks from here to say which routes need a session and which a role.
 */
export const sessionChecks = new WeakMap<(...args: never[]) => unknown, readonly Role[]>();

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a signed-in user with an open session (checked before the body is read or validated). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a signed-in user with one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** How many verified session tokens are kept (the latest verified): a node's signed-in users, and then some. */
const TOKEN_CACHE_SIZE = 10_000;
/** How long a verified token is trusted without checking its signature again, at most (its expiry comes first). */
const TOKEN_CACHE_MS = 10 * 60_000;

/** Who is asking, as every service takes it: a route passes `callerOf(request.user)`, the session's claims. */
export { callerOf };

/** The signing key: JWT_SECRET, else one generated on first start and kept in the data folder. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The session token as @fastify/jwt finds it: a bearer header first (malformed: '', which fails
 * verification), else the httpOnly cookie; undefined when there is neither.
 */
function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^Bearer\s/i.test(header)) {
    const parts = header.split(' ');
    return parts.length === 2 && parts[1] ? parts[1] : '';
  }
  return request.cookies[SESSION_COOKIE] || undefined;
}

export default fp(
  async (app, opts: { secret: string; ttlHours: number }) => {
    await app.register(fastifyJwt, {
      secret: opts.secret,
      sign: { expiresIn: `${opts.ttlHours}h` },
      // The bearer header is read first; the httpOnly cookie is the browser's way in.
      cookie: { cookieName: SESSION_COOKIE, signed: false },
    });

    // A token verified once is known until it expires (its `exp`) or ten minutes pass: decoding it and
    // checking its signature again cost more than the rest of a list request's session check. The token
    // itself is the key (every byte compared: no two tokens share an entry); failures are not kept, and
    // whether the session is still open is asked on every request all the same (isSessionValid).
    const verified = new Map<string, { claims: SessionClaims; until: number }>();
    const verify = (token: string): SessionClaims => {
      const now = Date.now();
      const known = verified.get(token);
      if (known !== undefined && known.until > now) return known.claims;
      if (known !== undefined) verified.delete(token);
      // Verified with the verifier built at start: request.jwtVerify() merges options, decodes the token a
      // second time and goes through a callback waterfall on every request.
      const claims = Object.freeze(app.jwt.verify<SessionClaims & { exp?: number }>(token));
      if (typeof claims.exp === 'number') {
        // The oldest entry makes room (a Map keeps its keys in the order they were set).
        if (verified.size >= TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, until: Math.min(claims.exp * 1000, now + TOKEN_CACHE_MS) });
      }
      return claims;
    };

    const authenticate = async (request: FastifyRequest) => {
      const token = sessionToken(request);
      if (token === undefined) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
      try {
        request.user = verify(token);
      } catch {
        throw unauthenticated(AUTH_MESSAGES.sessionExpired);
      }
      if (!(await app.services.auth.isSessionValid(request.user))) {
        throw unauthenticated(AUTH_MESSAGES.sessionExpired);
      }
    };
    sessionChecks.set(authenticate, []);
    app.decorate('authenticate', authenticate);

    app.decorate('requireRole', (...roles: Role[]) => {
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply);
        if (!roles.includes(request.user.role)) throw forbidden(AUTH_MESSAGES.forbidden);
      };
      sessionChecks.set(check, roles);
      return check;
    });
  },
  { name: 'auth', decorators: { fastify: ['services'] } },
);
