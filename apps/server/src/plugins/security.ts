import fp from 'fastify-plugin';
import type { IncomingHttpHeaders } from 'node:http';
import { AUTH_MESSAGES, SESSION_COOKIE } from '@portal/contracts';
import { forbidden } from '../errors.ts';

/** Methods that change nothing: the only ones a session cookie may ride on from another site. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the origin rule reads of a request: its headers and the host it was sent to. */
export interface OriginEvidence {
  headers: IncomingHttpHeaders;
  host: string;
}

/**
 * Did the browser send this from one of our own pages? `Sec-Fetch-Site` says so directly; browsers
 * without it still send `Origin` on every write (and on every Socket.IO handshake), which must name this
 * host. A request with neither comes from no browser page at all (curl, a script), so it is no
 * cross-site forgery.
 */
export function fromOwnOrigin({ headers, host }: OriginEvidence): boolean {
  const site = headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  const origin = headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery and caching rules for the API:
 * - a write that rides on the session cookie must come from the app's own origin; bearer-token calls
 *   carry their credential explicitly and are not affected (a page on another site cannot set it);
 * - API answers are not stored by browsers or proxies unless a route says otherwise (they carry
 *   personal data: PAN and Aadhar numbers among them).
 */
export default fp(
  async (app) => {
    // Callback hooks, not async ones: they run on every request and never wait for anything.
    app.addHook('onRequest', (request, _reply, done) => {
      const cookieWrite =
        !SAFE_METHODS.has(request.method) &&
        !request.headers.authorization &&
        request.cookies[SESSION_COOKIE];
      done(cookieWrite && !fromOwnOrigin(request) ? forbidden(AUTH_MESSAGES.crossSiteRefused) : undefined);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
