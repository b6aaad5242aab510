// The careers application limit shared by app nodes through Redis (REDIS_URL): applications sent to one
// node count on the other, so that a second node does not double what one address may send.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUBLIC_MESSAGES } from '@portal/contracts';
import { redisUrl, setupTestApp, type TestContext } from '../helper.ts';

describe('the application limit in Redis', () => {
  const nodeA = setupTestApp({ REDIS_URL: redisUrl(), APPLY_RATE_LIMIT: '2' });
  const nodeB = setupTestApp({ REDIS_URL: redisUrl(), APPLY_RATE_LIMIT: '2' });
  // Addresses of this run only (the documentation range), so that counters left by other runs do not count.
  const someAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  const address = someAddress();
  // An empty body is refused (415) after the limit is counted: what matters here is the count.
  const apply = (node: TestContext) =>
    node.app.inject({ method: 'POST', url: '/api/public/jobs/1/apply', remoteAddress: address });

  it('counts applications sent to either node against one allowance per address', async () => {
    expect(nodeA.app.redis).not.toBeNull();
    expect((await apply(nodeA)).statusCode).toBe(415);
    expect((await apply(nodeB)).statusCode).toBe(415);
    const third = await apply(nodeA);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(PUBLIC_MESSAGES.tooManyApplications);
    const onB = await apply(nodeB);
    expect(onB.statusCode).toBe(429);
    const other = await nodeB.app.inject({
      method: 'POST',
      url: '/api/public/jobs/1/apply',
      remoteAddress: someAddress(),
    });
    expect(other.statusCode, 'another address keeps its own allowance').not.toBe(429);
  });
});
