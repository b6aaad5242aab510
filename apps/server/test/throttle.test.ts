import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@portal/contracts';
import { ADMIN, auth, setupTestApp, type TestContext } from './helper.ts';

const login = (
  ctx: TestContext,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
  username = 'victim',
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/login',
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    payload: { username, password },
  });

describe('per-address limit without a trusted proxy', () => {
  const ctx = setupTestApp({ LOGIN_RATE_LIMIT: '3' });
  it('ignores X-Forwarded-For: a client cannot pick a new address for each guess', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const from = { remoteAddress: '203.0.113.50', forwardedFor: `203.0.113.${i}` };
      codes.push((await login(ctx, 'guess', from, `nobody${i}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('per-address limit behind a trusted proxy (TRUST_PROXY=1)', () => {
  const ctx = setupTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '1' });
  it('counts each client address the proxy reports on its own', async () => {
    const a = [];
    for (let i = 0; i < 3; i++) {
      a.push((await login(ctx, 'x', { forwardedFor: '198.51.100.7' }, `a${i}`)).statusCode);
    }
    const b = await login(ctx, 'x', { forwardedFor: '198.51.100.8' }, 'b');
    expect(a).toEqual([401, 401, 429]);
    expect(b.statusCode).toBe(401);
  });
});

describe('per-account throttle', () => {
  const ctx = setupTestApp();
  it(
    'holds across changing addresses, with a clear message and Retry-After, and checks no password meanwhile',
    { timeout: 30_000 },
    async () => {
      await ctx.createUser({ username: 'victim', password: 'the-real-one' });
      const codes = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await login(ctx, `guess-${i}`, { remoteAddress: `10.0.0.${i + 1}` })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      const locked = await login(ctx, 'the-real-one', { remoteAddress: '10.0.0.99' });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(locked.json().message).toBe(
        AUTH_MESSAGES.accountThrottled(Number(locked.headers['retry-after'])),
      );

      // Once the wait is over the real password works, and a success clears the count.
      await new Promise((r) => setTimeout(r, Number(locked.headers['retry-after']) * 1000 + 50));
      expect((await login(ctx, 'the-real-one', { remoteAddress: '10.0.0.100' })).statusCode).toBe(200);
      expect((await login(ctx, 'wrong-again')).statusCode).toBe(401);
    },
  );

  it('throttles unknown usernames the same way, so the answers do not tell which accounts exist', async () => {
    for (let i = 0; i < 5; i++) await login(ctx, 'x', { remoteAddress: `10.1.0.${i}` }, 'ghost');
    expect((await login(ctx, 'x', {}, 'ghost')).statusCode).toBe(429);
  });

  it('does not lock anyone else', async () => {
    expect((await login(ctx, ADMIN.password, {}, ADMIN.username)).statusCode).toBe(200);
  });
});

describe('password change throttle', () => {
  const ctx = setupTestApp();
  it(
    'is counted per signed-in user: a second session or another header gives no more tries',
    { timeout: 30_000 },
    async () => {
      const user = await ctx.createUser({ username: 'guesser', password: 'guesser-pass' });
      const second = await ctx.login('guesser', 'guesser-pass');
      const codes = [];
      for (let i = 0; i < 12; i++) {
        const token = i % 2 ? user.token : second.token;
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${user.user.id}/password`,
          headers: { ...auth(token), 'x-forwarded-for': `192.0.2.${i}` },
          payload: { currentPassword: `wrong-${i}`, newPassword: 'whatever-new' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe(PASSWORD_MESSAGES.tooManyAttempts);
      }
      expect(codes.slice(0, 10).every((c) => c === 400 || c === 401 || c === 403)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    },
  );
});
