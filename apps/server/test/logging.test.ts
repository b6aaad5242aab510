import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { employeeBody, makePng } from '../../../scripts/fixtures.ts';
import { REDACTED_PATHS } from '../src/app.ts';
import { ADMIN, auth, multipartFile, setupTestApp } from './helper.ts';

// The app's own logger settings at the most talkative level, written where the test can read them.
const lines: string[] = [];
const ctx = setupTestApp(
  {},
  {
    logger: { level: 'trace', redact: REDACTED_PATHS, stream: { write: (line: string) => lines.push(line) } },
  },
);

const SECRETS = {
  pan: 'KLMNO5678P',
  panLower: 'klmno5678p',
  newPan: 'QRSTU1357V',
  aadhar: '246813579024',
  newAadhar: '135792468013',
  password: 'first-Secret-9',
  newPassword: 'second-Secret-8',
  resetPassword: 'third-Secret-7',
};

/** Makes a call and checks its status: a call that silently failed would prove nothing about the log. */
async function call(expected: number, request: InjectOptions & { url: string }) {
  const res = await ctx.app.inject(request);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(expected);
  return res;
}

describe('logs', () => {
  it('never carry PAN, Aadhar or passwords, whatever the calls and their failures', async () => {
    const admin = auth(ctx.adminToken);
    const body = employeeBody('logged', {
      pan_number: SECRETS.panLower,
      aadhar_number: SECRETS.aadhar,
      password: SECRETS.password,
    });
    const created = await call(201, { method: 'POST', url: '/api/users', headers: admin, payload: body });
    const id = created.json().id as number;
    // Refused ones too: their messages must not echo the value.
    for (const bad of [{ pan_number: `${SECRETS.newPan}X` }, { aadhar_number: `${SECRETS.newAadhar}1` }]) {
      await call(400, {
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: { ...employeeBody('logged2'), ...bad },
      });
    }
    await call(200, {
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: admin,
      payload: { pan_number: SECRETS.newPan, aadhar_number: SECRETS.newAadhar },
    });
    const read = await call(200, { method: 'GET', url: `/api/users/${id}`, headers: admin });
    // The calls really carried the secrets: the update took, and the answer holds them (the log must not).
    expect(read.json()).toMatchObject({ pan_number: SECRETS.newPan, aadhar_number: SECRETS.newAadhar });
    await call(200, { method: 'GET', url: '/api/users', headers: admin });

    await call(401, {
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: body.username, password: `${SECRETS.password}x` },
    });
    const { token } = await ctx.login(body.username, SECRETS.password);
    await call(200, {
      method: 'PUT',
      url: `/api/users/${id}/password`,
      headers: auth(token),
      payload: { currentPassword: SECRETS.password, newPassword: SECRETS.newPassword },
    });
    await call(200, {
      method: 'PUT',
      url: `/api/users/${id}/password`,
      headers: admin,
      payload: { newPassword: SECRETS.resetPassword },
    });
    const file = multipartFile('photo', `${SECRETS.pan}.png`, 'image/png', await makePng(8));
    await call(201, {
      method: 'POST',
      url: '/api/upload/photo',
      headers: { ...file.headers, ...admin },
      payload: file.payload,
    });
    await ctx.login(ADMIN.username, ADMIN.password);

    const log = lines.join('');
    // The capture works: requests were logged, by their routes.
    expect(log).toContain('"route":"/api/users/:userId/password"');
    for (const [what, secret] of Object.entries(SECRETS)) {
      expect(log.includes(secret), `${what} appears in the log`).toBe(false);
    }
    expect(log).not.toContain(ADMIN.password);
    expect(log).not.toContain(token);
    // The multipart reader logs the request's headers at trace level: the bearer token must not follow.
    expect(log).not.toContain(ctx.adminToken);
  }, 20_000); // about ten argon2 hashes and checks: slow on a busy machine

  it('write one line per request: method, route, status, time, user and request id, never the query or cookie', async () => {
    const { token, user: me } = await ctx.createUser();
    lines.length = 0;
    const secretSearch = 'query-secret-4711';
    await call(200, {
      method: 'GET',
      url: `/api/skills?search=${secretSearch}&page=1`,
      headers: { ...auth(token), cookie: `portal_session=${token}; tracking=cookie-secret-0815` },
    });
    await call(404, { method: 'GET', url: '/api/skills/999999', headers: auth(token) });
    await call(401, { method: 'GET', url: '/api/skills' });
    await call(404, { method: 'GET', url: `/api/no-such-thing?key=${secretSearch}` });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // Nothing but the one line each: no "incoming request" / "request completed" pair.
    expect(
      entries.map(({ method, route, status, userId, msg }) => ({ method, route, status, userId, msg })),
    ).toEqual([
      { method: 'GET', route: '/api/skills', status: 200, userId: me.id, msg: 'request' },
      { method: 'GET', route: '/api/skills/:id', status: 404, userId: me.id, msg: 'request' },
      { method: 'GET', route: '/api/skills', status: 401, userId: undefined, msg: 'request' },
      { method: 'GET', route: '/api/no-such-thing', status: 404, userId: undefined, msg: 'request' },
    ]);
    for (const entry of entries) {
      expect(entry.reqId).toEqual(expect.any(String));
      expect(entry.ms).toEqual(expect.any(Number));
    }
    expect(new Set(entries.map((entry) => entry.reqId)).size).toBe(entries.length);
    const log = lines.join('');
    for (const secret of [secretSearch, 'cookie-secret-0815', token]) expect(log).not.toContain(secret);
  });
});
