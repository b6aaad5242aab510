import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@portal/contracts';
import { ADMIN, auth, setupTestApp, type TestContext } from './helper.ts';

const login = (
  ctx: TestContext,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string; cookies?: Record<string, string> } = {},
  username = 'victim',
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/login',
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    ...(from.cookies ? { cookies: from.cookies } : {}),
    payload: { username, password },
  });

/** The device cookie a successful sign-in set, as the browser would send it back. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): Record<string, string> {
  const cookie = res.cookies.find((c) => c.name.startsWith('portal_device_'));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.cookies)}`);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v2/login', sameSite: 'Strict' });
  return { [cookie.name]: cookie.value };
}

/** Fails `times` sign-ins of `username`, each from another address; the status codes. */
async function failSignIns(
  ctx: TestContext,
  username: string,
  times: number,
  cookies?: Record<string, string>,
) {
  const codes = [];
  for (let i = 0; i < times; i++) {
    codes.push(
      (await login(ctx, `guess-${i}`, { remoteAddress: `10.9.0.${i + 1}`, cookies }, username)).statusCode,
    );
  }
  return codes;
}

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

describe('device cookies: a browser that signed in before is not locked out by strangers', () => {
  const ctx = setupTestApp({ LOGIN_RATE_LIMIT: '1000' });

  it("a stranger's failures lock the stranger out, while the owner's browser still signs in", async () => {
    await ctx.createUser({ username: 'owner', password: 'owner-pass-1' });
    const device = deviceCookieOf(await login(ctx, 'owner-pass-1', {}, 'owner'));

    expect(await failSignIns(ctx, 'owner', 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(ctx, 'owner-pass-1', { remoteAddress: '10.9.1.1' }, 'owner')).statusCode).toBe(429);

    // The owner mistypes once, then gets it right: the device's own count, not the locked account's.
    expect((await login(ctx, 'typo', { cookies: device }, 'owner')).statusCode).toBe(401);
    const back = await login(ctx, 'owner-pass-1', { cookies: device }, 'owner');
    expect(back.statusCode).toBe(200);
    // The new cookie the success set works as the first did.
    expect((await login(ctx, 'owner-pass-1', { cookies: deviceCookieOf(back) }, 'owner')).statusCode).toBe(
      200,
    );
  });

  it('a device that keeps failing is locked after its own, larger allowance', async () => {
    await ctx.createUser({ username: 'forgetful', password: 'forgetful-pass-1' });
    const device = deviceCookieOf(await login(ctx, 'forgetful-pass-1', {}, 'forgetful'));
    const codes = await failSignIns(ctx, 'forgetful', 11, device);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await login(ctx, 'forgetful-pass-1', { cookies: device }, 'forgetful')).statusCode).toBe(429);
  });

  it('a device cookie of another account, or a tampered one, gives no way past the lock', async () => {
    await ctx.createUser({ username: 'target', password: 'target-pass-1' });
    await ctx.createUser({ username: 'attacker', password: 'attacker-pass-1' });
    const own = deviceCookieOf(await login(ctx, 'target-pass-1', {}, 'target'));
    const others = deviceCookieOf(await login(ctx, 'attacker-pass-1', {}, 'attacker'));
    await failSignIns(ctx, 'target', 5);

    const [ownName, ownValue] = Object.entries(own)[0]!;
    const [othersName, othersValue] = Object.entries(others)[0]!;
    const [id, nonce, signature] = ownValue.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = [
      others,
      // The attacker's own cookie under the target's name, and with the target's id written in.
      { [ownName]: othersValue },
      { [othersName]: `${id}.${othersValue.split('.').slice(1).join('.')}` },
      { [ownName]: `${id}.${nonce}.${flipped}` },
      { [ownName]: `${id}.${nonce}x.${signature}` },
      { [ownName]: `${id}.${nonce}` },
    ];
    for (const cookies of forged) {
      expect((await login(ctx, 'target-pass-1', { cookies }, 'target')).statusCode).toBe(429);
    }
    expect((await login(ctx, 'target-pass-1', { cookies: own }, 'target')).statusCode).toBe(200);
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
