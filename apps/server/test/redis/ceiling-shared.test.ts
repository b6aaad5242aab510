// The public forms' hourly ceilings shared by app nodes through Redis (REDIS_URL): messages taken by one
// node count on the other, so that running two nodes does not double what the firm takes in an hour.
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@portal/contracts';
import { redisUrl, setupTestApp, type TestContext } from '../helper.ts';

describe('the hourly ceilings in Redis', () => {
  const nodeA = setupTestApp({ REDIS_URL: redisUrl(), CONTACT_MESSAGES_PER_HOUR: '2' });
  const nodeB = setupTestApp({ REDIS_URL: redisUrl(), CONTACT_MESSAGES_PER_HOUR: '2' });
  const send = (node: TestContext, remoteAddress: string) =>
    node.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      remoteAddress,
      payload: { name: 'Asha Verma', email: 'asha@example.com', phone: '+91 98450 12345', message: 'Hello' },
    });

  it('counts contact messages taken by either node against one hourly ceiling', async () => {
    expect(nodeA.app.redis).not.toBeNull();
    // The count lives an hour in Redis: an earlier run of this test must not have used this one's allowance.
    await nodeA.app.counters.clear('ceiling:contact-messages');
    expect((await send(nodeA, '198.51.100.1')).statusCode).toBe(200);
    expect((await send(nodeB, '198.51.100.2')).statusCode).toBe(200);
    for (const [node, address] of [
      [nodeA, '198.51.100.3'],
      [nodeB, '198.51.100.4'],
    ] as const) {
      const res = await send(node, address);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(CONTACT_MESSAGES.busy);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    await nodeA.app.counters.clear('ceiling:contact-messages');
  });
});
