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

    // Verified with the verifier built at start: request.jwtVerify() merges options, decodes the token a
    // second time and goes through a callback waterfall on every request.
    const authenticate = async (request: FastifyRequest) => {
      const token = sessionToken(request);
      if (token === undefined) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
      try {
        request.user = app.jwt.verify<SessionClaims>(token);
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
