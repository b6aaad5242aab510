import type { FastifyInstance } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { AUTH_MESSAGES, REALTIME_MESSAGES, SESSION_COOKIE } from '@portal/contracts';
import type { SessionClaims } from '../lib/caller.ts';
import { fromOwnOrigin } from '../plugins/security.ts';
import { isTokenShaped } from '../modules/reviews/tokens.ts';
import type { ReviewSockets } from './review-sockets.ts';
import type { AnySocket } from './types.ts';

/** The session cookie's value in a Cookie header. */
function cookieToken(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The review link's token a handshake carries: `auth: { reviewToken }`, or an `auth: { token }` that has a
 * review token's shape (a session's JWT never has it). It wins over the session cookie: a signed-in person
 * opening a client's review page gets the page's socket, not theirs.
 */
function reviewTokenOf(auth: Record<string, unknown> | undefined): string | undefined {
  if (typeof auth?.reviewToken === 'string') return auth.reviewToken;
  if (typeof auth?.token === 'string' && isTokenShaped(auth.token)) return auth.token;
  return undefined;
}

/**
 * The handshake's check (Socket.IO middleware): the session cookie or `auth: { token }` of a session that
 * is still valid, or a review link's token (review-sockets.ts), or the socket is refused with why. A
 * signed-in socket knows its user from then on; a review page's socket, its link.
 */
export function createHandshake(app: FastifyInstance, reviewSockets: ReviewSockets) {
  return async (socket: AnySocket, next: (err?: ExtendedError) => void) => {
    const { auth, headers } = socket.handshake;
    const reviewToken = reviewTokenOf(auth);
    if (reviewToken !== undefined) return reviewSockets.handshake(socket, reviewToken, next);
    const bearer = typeof auth?.token === 'string' ? auth.token : undefined;
    const cookie = bearer ? undefined : cookieToken(headers.cookie);
    const token = bearer ?? cookie;
    if (!token) return next(new Error(REALTIME_MESSAGES.notSignedIn));
    // The browser sends the cookie along from any site's page: only the app's own pages may ride on it,
    // as with the API's writes. A token is given explicitly, which another site's page cannot do.
    if (cookie && !fromOwnOrigin({ headers, host: headers.host ?? '' })) {
      return next(new Error(AUTH_MESSAGES.crossSiteRefused));
    }
    let claims: SessionClaims;
    try {
      claims = app.jwt.verify<SessionClaims>(token);
    } catch {
      return next(new Error(REALTIME_MESSAGES.sessionExpired));
    }
    try {
      if (!(await app.services.auth.isSessionValid(claims)))
        return next(new Error(REALTIME_MESSAGES.sessionExpired));
      const user = (await app.db('users').where({ id: claims.sub }).first('name')) as
        { name: string } | undefined;
      socket.data.user = { id: claims.sub, sid: claims.sid, role: claims.role, name: user?.name ?? '' };
      next();
    } catch (error) {
      app.log.warn({ err: error }, 'socket handshake failed');
      next(new Error(REALTIME_MESSAGES.unavailable));
    }
  };
}

/**
 * Signed in (with a session or a review link): the opening HTTP request (kept by engine.io for the socket's whole life), its headers and the
 * token are not needed again; dropping them saves a few KB per socket (Socket.IO's advice).
 */
export function releaseHandshake(socket: Pick<AnySocket, 'conn' | 'handshake'>) {
  (socket.conn as { request: unknown }).request = null;
  socket.handshake.headers = {};
  socket.handshake.auth = {};
}
