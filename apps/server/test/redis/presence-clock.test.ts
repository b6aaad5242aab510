// Presence across nodes judges heartbeats by Redis's clock, not each node's own: a node whose clock
// runs behind the others is still alive to them, and its viewers stay.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { createPresence } from '../../src/realtime/presence.ts';
import { redisUrl } from '../helper.ts';

const clients: Redis[] = [];
const connect = () => {
  const client = new Redis(redisUrl(), { lazyConnect: false });
  clients.push(client);
  return client;
};
afterAll(() => clients.forEach((c) => c.disconnect()));

/** A job id no other test's app has: its presence keys are this test's alone. */
const JOB = 900_000_000 + Math.floor(Math.random() * 1_000_000);

describe('presence over Redis', () => {
  it("keeps the viewers of a node whose clock runs a minute behind the other's", async () => {
    const errors: unknown[] = [];
    const a = createPresence(connect(), (e) => errors.push(e));
    const b = createPresence(connect(), (e) => errors.push(e));
    b.join(JOB, { id: 7, name: 'Bea Behind' });
    const realNow = Date.now();
    const behind = vi.spyOn(Date, 'now').mockReturnValue(realNow - 60_000);
    try {
      await b.heartbeat();
    } finally {
      behind.mockRestore();
    }
    // A removes the nodes it finds silent past the limit: B's heartbeat just came, whatever B's clock said.
    expect(await a.heartbeat()).not.toContain(JOB);
    expect(await a.viewers(JOB)).toEqual([{ userId: 7, name: 'Bea Behind' }]);
    expect(await b.close()).toEqual([JOB]);
    expect(await a.viewers(JOB)).toEqual([]);
    await a.close();
    expect(errors).toEqual([]);
  });
});
