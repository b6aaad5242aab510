import { beforeAll, describe, expect, it } from 'vitest';
import { SKILL_MESSAGES, idTextMessage } from '@portal/contracts';
import { auth, setupTestApp } from './helper.ts';

const ctx = setupTestApp();
let employee: { token: string; user: { id: number; name: string } };

beforeAll(async () => {
  employee = await ctx.createUser({ name: 'Ravi Kumar' });
});

const post = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/skills', headers: auth(token), payload: payload as object });

describe('skills', () => {
  it('creates a skill with its creator taken from the session, not the body', async () => {
    const res = await post(employee.token, { name: '  GraphQL ', description: 'Query language' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'GraphQL',
      description: 'Query language',
      status: 'active',
      created_by: 'Ravi Kumar',
      created_by_id: employee.user.id,
      updated_by_id: employee.user.id,
    });
  });

  it('accepts created_by in the body (the employee side sends it) and ignores it', async () => {
    const res = await post(employee.token, { name: 'Rust', created_by: 'admin', created_by_id: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created_by: 'Ravi Kumar', created_by_id: employee.user.id });
  });

  it('still refuses a field the requirements do not name', async () => {
    const res = await post(employee.token, { name: 'Elixir', colour: 'purple' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Colour is not an accepted field');
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: '' }, 'Name is required'],
    [{ name: '    ' }, 'Name is required'],
    [{ name: 42 }, 'Name must be a string'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ name: 'Go', description: 'd'.repeat(501) }, 'Description must be at most 500 characters'],
  ])('refuses %j with 400 and writes nothing', async (payload, message) => {
    const before = await ctx.count('skills');
    const res = await post(employee.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message });
    expect(await ctx.count('skills')).toBe(before);
  });

  it('refuses a duplicate name in any case with 409', async () => {
    await post(ctx.adminToken, { name: 'Kotlin' });
    const before = await ctx.count('skills');
    const res = await post(employee.token, { name: 'kotlin' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: SKILL_MESSAGES.nameTaken,
      field: 'name',
    });
    expect(await ctx.count('skills')).toBe(before);
  });

  it('searches by name case-insensitively and pages by 6 on the server', async () => {
    for (let i = 1; i <= 8; i++) await post(ctx.adminToken, { name: `Cloud ${i}`, description: '' });
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/skills?search=CLOUD',
      headers: auth(employee.token),
    });
    expect(first.json()).toMatchObject({ total: 8, page: 1, pageSize: 6 });
    expect(first.json().items).toHaveLength(6);
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/skills?search=cloud&page=2',
      headers: auth(employee.token),
    });
    expect(
      second
        .json()
        .items.map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['Cloud 1', 'Cloud 2']);
    const past = await ctx.app.inject({
      method: 'GET',
      url: '/api/skills?search=cloud&page=3',
      headers: auth(employee.token),
    });
    expect(past.json()).toMatchObject({ items: [], total: 8, page: 3 });
    const literal = await ctx.app.inject({
      method: 'GET',
      url: '/api/skills?search=%25',
      headers: auth(employee.token),
    });
    expect(literal.json().total).toBe(0);
  });

  it('filters by status', async () => {
    const created = (await post(ctx.adminToken, { name: 'Perl' })).json();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/skills/${created.id}`,
      headers: auth(ctx.adminToken),
      payload: { status: 'inactive' },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/skills?status=inactive',
      headers: auth(employee.token),
    });
    expect(res.json().items.map((s: { name: string }) => s.name)).toEqual(['Perl']);
  });

  it.each([
    ['/api/skills?page=0', 'Page must be at least 1'],
    ['/api/skills?page=abc', 'Page must be a whole number'],
    ['/api/skills?pageSize=5000', 'Page size must be at most 1000'],
    ['/api/skills?status=deleted', 'Status is not one of the allowed values'],
  ])('refuses the bad query %s', async (url, message) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth(employee.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('reads, updates and deletes one skill; the updater comes from the session', async () => {
    const created = (await post(ctx.adminToken, { name: 'Scala', description: 'JVM' })).json();
    const got = await ctx.app.inject({
      method: 'GET',
      url: `/api/skills/${created.id}`,
      headers: auth(employee.token),
    });
    expect(got.json()).toMatchObject({ name: 'Scala', created_by: 'Administrator' });

    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/skills/${created.id}`,
      headers: auth(employee.token),
      payload: { name: 'Scala 3', status: 'inactive' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Scala 3',
      status: 'inactive',
      description: 'JVM',
      updated_by: 'Ravi Kumar',
    });

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/skills/${created.id}`,
      headers: auth(employee.token),
    });
    expect(deleted.json()).toEqual({ ok: true, message: SKILL_MESSAGES.deleted });
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/skills/${created.id}`,
      headers: auth(employee.token),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: SKILL_MESSAGES.notFound });
  });

  it('refuses renaming onto another skill name, an empty patch, a bad status and unknown ids', async () => {
    const a = (await post(ctx.adminToken, { name: 'Elixir' })).json();
    await post(ctx.adminToken, { name: 'Erlang' });
    const clash = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/skills/${a.id}`,
      headers: auth(ctx.adminToken),
      payload: { name: 'ERLANG' },
    });
    expect(clash.statusCode).toBe(409);
    const empty = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/skills/${a.id}`,
      headers: auth(ctx.adminToken),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const status = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/skills/${a.id}`,
      headers: auth(ctx.adminToken),
      payload: { status: 'archived' },
    });
    expect(status.json().message).toBe('Status is not one of the allowed values');
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/skills/${a.id}`, headers: auth(ctx.adminToken) })
      ).json().name,
    ).toBe('Elixir');

    for (const [method, url] of [
      ['PATCH', '/api/skills/999999'],
      ['DELETE', '/api/skills/999999'],
      ['GET', '/api/skills/999999'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: auth(ctx.adminToken),
        payload: method === 'PATCH' ? { name: 'Zig' } : undefined,
      });
      expect(res.statusCode).toBe(404);
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/skills/abc',
      headers: auth(ctx.adminToken),
    });
    expect(bad.statusCode).toBe(400);
    // The message says how an id is written: "abc", "0x1" and "0" all get it.
    expect(bad.json().message).toBe(idTextMessage('Id'));
  });

  it('needs a signed-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/skills'],
      ['POST', '/api/skills'],
      ['GET', '/api/skills/1'],
      ['PATCH', '/api/skills/1'],
      ['DELETE', '/api/skills/1'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
