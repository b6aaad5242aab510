import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SESSION_COOKIE } from '@portal/contracts';
import { makePng } from '../../../scripts/fixtures.ts';
import { ADMIN, TEST_DIALECT, auth, multipartFile, setupTestApp } from './helper.ts';

const ctx = setupTestApp();
let cookie: string;

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/login', payload: ADMIN });
  const set = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=`))!;
  cookie = set.split(';')[0]!;
});

const createSkill = (name: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/skills', headers, payload: { name } });

describe('writes that ride on the session cookie', () => {
  it.each([
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['an unreadable Origin', { origin: 'null' }],
  ])('are refused with 403 when they come with %s, and write nothing', async (_what, headers) => {
    const before = await ctx.count('skills');
    const res = await createSkill(`Forged ${Math.random()}`, { cookie, ...headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.crossSiteRefused);
    expect(await ctx.count('skills')).toBe(before);
  });

  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['an Origin naming this host', { origin: 'http://portal.example:3000', host: 'portal.example:3000' }],
    ['neither header (not a browser page)', {}],
  ])('are accepted with %s', async (_what, headers) => {
    const res = await createSkill(`Own ${Math.random()}`, { cookie, ...headers });
    expect(res.statusCode).toBe(201);
  });

  it('bearer-token calls are not affected, whatever their Origin', async () => {
    const res = await createSkill('Bearer skill', {
      ...auth(ctx.adminToken),
      origin: 'https://tool.example',
    });
    expect(res.statusCode).toBe(201);
  });

  it('reads are not affected', async () => {
    const res = await ctx.app.inject({
      url: '/api/skills',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('caching and files', () => {
  it('answers carrying full PAN and Aadhar numbers are never stored (Cache-Control: no-store)', async () => {
    const user = await ctx.createUser();
    const res = await ctx.app.inject({ url: `/api/users/${user.user.id}`, headers: auth(ctx.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().pan_number).toBe('ABCDE1234F');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stored files keep their own caching rule', async () => {
    const upload = multipartFile('photo', 'me.png', 'image/png', await makePng());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/photo',
      headers: { ...auth(ctx.adminToken), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(201);
    // A user photo: the one kind of stored file a browser may keep (uploads.test.ts covers the others).
    const admin = await ctx.login(ADMIN.username, ADMIN.password);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.user.id}`,
      headers: auth(ctx.adminToken),
      payload: { url: res.json().url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const file = await ctx.app.inject({ url: res.json().url, headers: auth(ctx.adminToken) });
    expect(file.headers['cache-control']).toBe('private, max-age=86400');
    // The folder and the file are the app user's alone.
    const name = res.json().url.split('/').pop();
    expect(statSync(ctx.config.UPLOADS_DIR).mode & 0o777).toBe(0o700);
    expect(statSync(join(ctx.config.UPLOADS_DIR, name)).mode & 0o777).toBe(0o600);
  });

  it.skipIf(TEST_DIALECT !== 'sqlite')('the SQLite file is readable by its owner only', () => {
    const file = ctx.config.DATABASE_URL.slice('sqlite:'.length);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
