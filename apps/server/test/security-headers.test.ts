import { describe, expect, it } from 'vitest';
import { auth, setupTestApp } from './helper.ts';

const ctx = setupTestApp();

const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:;frame-src 'self' https://www.openstreetmap.org";

describe('security headers', () => {
  it.each([
    ['a list', '/api/skills', true, 200],
    ['a refused request', '/api/skills', false, 401],
    ['an unknown path', '/api/nothing-here', true, 404],
  ])('are on %s', async (_what, url, signedIn, status) => {
    const res = await ctx.app.inject({ url, headers: signedIn ? auth(ctx.adminToken) : {} });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject({
      'content-security-policy': CSP,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });
});
