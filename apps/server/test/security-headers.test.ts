import { describe, expect, it } from 'vitest';
import { auth, setupTestApp } from './helper.ts';

const ctx = setupTestApp();

// Scripts talk to this origin only (its WebSocket included: 'self' covers ws: and wss: to the same host),
// fonts come from nowhere else, and the one inline <style> allowed is react-aria's, by its hash.
const CSP =
  "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=';connect-src 'self';" +
  "frame-src 'self' https://www.openstreetmap.org";

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
