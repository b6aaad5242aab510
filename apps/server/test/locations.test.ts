import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '@portal/contracts';
import { auth, setupTestApp } from './helper.ts';

const ctx = setupTestApp();
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

describe('locations', () => {
  it('lists the 36 states and union territories by name, with their ISO codes', async () => {
    const res = await get('/api/locations/states', ctx.adminToken);
    expect(res.statusCode).toBe(200);
    const states = res.json() as { iso2: string; name: string }[];
    expect(states).toHaveLength(36);
    expect(states[0]).toEqual({ iso2: 'AN', name: 'Andaman and Nicobar Islands' });
    expect(states).toContainEqual({ iso2: 'MH', name: 'Maharashtra' });
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('lists the districts of one state, sorted, for any signed-in user and any letter case', async () => {
    const employee = await ctx.createUser();
    const res = await get('/api/locations/states/ka/districts', employee.token);
    expect(res.statusCode).toBe(200);
    const districts = res.json() as { id: number; name: string }[];
    expect(districts).toHaveLength(31);
    expect(districts.map((d) => d.name)).toContain('Bengaluru Urban');
    expect(districts.every((d) => Number.isInteger(d.id))).toBe(true);
    const goa = (await get('/api/locations/states/GA/districts', employee.token)).json();
    expect(goa.map((d: { name: string }) => d.name)).toEqual(['North Goa', 'South Goa']);
  });

  it('answers 404 for an unknown state and 400 for a malformed code', async () => {
    const unknown = await get('/api/locations/states/ZZ/districts', ctx.adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: LOCATION_MESSAGES.stateNotFound,
    });
    const bad = await get('/api/locations/states/MAH/districts', ctx.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('State code must be two letters');
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/locations/states')).statusCode).toBe(401);
    expect((await get('/api/locations/states/KA/districts')).statusCode).toBe(401);
  });
});
