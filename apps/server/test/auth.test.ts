import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SESSION_COOKIE } from '@portal/contracts';
import { ADMIN, auth, setupTestApp } from './helper.ts';
import { employeeBody } from '../../../scripts/fixtures.ts';

const ctx = setupTestApp();

describe('sign-in', () => {
  it('signs the admin in, sets an httpOnly cookie and returns the user and a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin', name: 'Administrator' });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.token).toMatch(/^ey/);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('accepts the username in any case', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { ...ADMIN, username: 'ADMIN' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown user and a wrong password with the same 401', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: 'ghost', password: 'whatever' },
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: 'admin', password: 'wrong-one' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: AUTH_MESSAGES.invalidCredentials,
    });
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'admin' }, 'Password is required'],
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: 'admin', password: 42 }, 'Password must be a string'],
    [{ username: 'a'.repeat(51), password: 'x' }, 'Username must be at most 50 characters'],
  ])('refuses a malformed sign-in %j with 400', async (payload, message) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});

describe('session', () => {
  it('reads the current user and profile with the bearer token and with the cookie', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v2/login', payload: ADMIN });
    const token = login.json().token as string;
    const byBearer = await ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(token) });
    expect(byBearer.json().user.username).toBe('admin');
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/employee/profile',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual({ name: 'Administrator', position: 'Administrator', photo: null });
  });

  it('refuses a request with no token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.notSignedIn);
  });

  it('refuses a token for a session that does not exist, a garbled and an expired token', async () => {
    const forged = ctx.app.jwt.sign({ sub: 1, sid: 'not-a-session', role: 'admin' });
    const expired = ctx.app.jwt.sign({ sub: 1, sid: 'x', role: 'admin', iat: 1000 } as never, {
      expiresIn: 1,
    });
    for (const token of [forged, 'garbage.token.here', expired]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.sessionExpired });
    }
  });

  it('refuses a token signed with a different key, as bearer and as cookie', async () => {
    const { token } = await ctx.login(ADMIN.username, ADMIN.password);
    // The same header and claims (a live session), signed with another secret.
    const [header, payload] = token.split('.');
    const signature = createHmac('sha256', 'another-secret-another-secret-12345678')
      .update(`${header}.${payload}`)
      .digest('base64url');
    const resigned = `${header}.${payload}.${signature}`;
    expect(resigned).not.toBe(token);
    // The claims are good: signed with the app's key they are accepted, so only the key can be the reason.
    const genuine = await ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(token) });
    expect(genuine.statusCode).toBe(200);
    const byBearer = await ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(resigned) });
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/me',
      cookies: { [SESSION_COOKIE]: resigned },
    });
    for (const res of [byBearer, byCookie]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.sessionExpired });
    }
  });

  it('ends the session on logout: the copied token stops working', async () => {
    const { token } = await ctx.login(ADMIN.username, ADMIN.password);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(token) })).statusCode,
    ).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v2/logout', headers: auth(token) });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(token) });
    expect(after.statusCode).toBe(401);
  });

  it('looks a session up once for a burst of requests that arrive together', async () => {
    const { token } = await ctx.login(ADMIN.username, ADMIN.password);
    let lookups = 0;
    const count = (query: { sql: string }) => {
      if (/from [`"]sessions[`"]/i.test(query.sql)) lookups++;
    };
    ctx.app.db.on('query', count);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/v2/me', headers: auth(token) }),
      ),
    );
    ctx.app.db.off('query', count);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(lookups).toBe(1);
  });

  it('logout without a session still answers 200', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('shows an employee only id, username and name of users, and lets only an admin create users', async () => {
    const employee = await ctx.createUser();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?pageSize=100',
      headers: auth(employee.token),
    });
    expect(list.statusCode).toBe(200);
    const admin = list.json().items.find((u: { username: string }) => u.username === 'admin');
    expect(Object.keys(admin).sort()).toEqual(['id', 'name', 'user_id', 'username']);
    const before = await ctx.count('users');
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(employee.token),
      payload: employeeBody('sneaky', { role: 'admin' }),
    });
    expect(create.statusCode).toBe(403);
    expect(await ctx.count('users')).toBe(before);
  });

  it('lets the admin create an employee who can then sign in as a user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(ctx.adminToken),
      payload: employeeBody('priya', {
        name: 'Priya Sharma',
        username: 'priya',
        email: 'Priya@Example.com',
        password: 'priya-pass',
        role: 'User',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'priya',
      email: 'priya@example.com',
      role: 'user',
      status: 'active',
    });
    expect(res.json().user_id).toMatch(/^USR\d{4}$/);
    const login = await ctx.login('priya', 'priya-pass');
    expect(login.user.role).toBe('user');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?search=PRIYA',
      headers: auth(ctx.adminToken),
    });
    expect(list.json()).toMatchObject({ total: 1, page: 1, pageSize: 6 });
  });

  it('refuses a taken username or e-mail with 409 and writes nothing', async () => {
    await ctx.createUser({ username: 'dupe', email: 'dupe@example.com' });
    const before = await ctx.count('users');
    const sameName = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(ctx.adminToken),
      payload: employeeBody('d1', { username: 'DUPE', email: 'other@example.com' }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('This username is already taken');
    const sameMail = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(ctx.adminToken),
      payload: employeeBody('d2', { username: 'dupe2', email: 'DUPE@example.com' }),
    });
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().message).toBe('This email is already registered');
    expect(await ctx.count('users')).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: '123' }, 'Password must be at least 6 characters long'],
    [{ role: 'superuser' }, 'Role is not one of the allowed values'],
    [{ nickname: 'Boss' }, 'Nickname is not an accepted field'],
    [{ password: '        ' }, 'Password cannot be only spaces'],
    [{ name: 'Ann\u0000a' }, 'Name contains characters that are not allowed'],
    [{ name: 'Anna\u202Egnp.exe' }, 'Name contains characters that are not allowed'],
  ])('refuses an invalid new user %j', async (override, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(ctx.adminToken),
      payload: { ...employeeBody('newbie'), ...override },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('who is asked first', () => {
  it('checks the session and role before looking at the body', async () => {
    const employee = await ctx.createUser();
    const asEmployee = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(employee.token),
      payload: { junk: true },
    });
    expect(asEmployee.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/skills', payload: { name: 42 } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('routing', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});

describe('login rate limit', () => {
  const limited = setupTestApp({ LOGIN_RATE_LIMIT: '3' });
  it('answers 429 with a clear message after too many attempts', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v2/login',
        payload: { username: 'admin', password: 'nope' },
      });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await attempt()).statusCode);
    const blocked = await attempt();
    expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(1);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });
});
