// Sign-in counters shared by app nodes through Redis (REDIS_URL): failures on one node count on the other.
import { describe, expect, it } from 'vitest';
import { redisUrl, setupTestApp, type TestContext } from '../helper.ts';

const login = (ctx: TestContext, username: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username, password: 'wrong' } });

describe('sign-in counters in Redis', () => {
  const nodeA = setupTestApp({ REDIS_URL: redisUrl(), LOGIN_RATE_LIMIT: '1000' });
  const nodeB = setupTestApp({ REDIS_URL: redisUrl(), LOGIN_RATE_LIMIT: '1000' });

  it('failures on one node lock the account on the other', async () => {
    expect(nodeA.app.redis).not.toBeNull();
    const name = `shared-${Date.now()}`;
    for (let i = 0; i < 5; i++) expect((await login(nodeA, name)).statusCode).toBe(401);
    const onB = await login(nodeB, name);
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("a stranger locks the account on every node, while its owner's browser still signs in", async () => {
    const name = `owner-${Date.now()}`;
    await nodeA.createUser({ username: name, password: 'owner-pass-1' });
    const first = await nodeA.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: name, password: 'owner-pass-1' },
    });
    const device = first.cookies.find((c) => c.name.startsWith('portal_device_'))!;
    for (let i = 0; i < 5; i++) expect((await login(nodeA, name)).statusCode).toBe(401);
    expect((await login(nodeB, name)).statusCode).toBe(429);
    const owner = await nodeA.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      cookies: { [device.name]: device.value },
      payload: { username: name, password: 'owner-pass-1' },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('readiness reports Redis as up', async () => {
    const ready = await nodeA.app.inject({ url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });
});
