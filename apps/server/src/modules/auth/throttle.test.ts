import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../../lib/counters.ts';
import { ACCOUNT_FAILURES_PER_HOUR, FREE_DEVICE_FAILURES, createLoginThrottle } from './throttle.ts';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

async function waitOf(throttle: ReturnType<typeof createLoginThrottle>, username: string, device?: string) {
  try {
    await throttle.assertMayTry({ username, device });
    return 0;
  } catch (error) {
    return (error as { retryAfterSeconds: number }).retryAfterSeconds;
  }
}

describe('login throttle', () => {
  it('lets five failures through, then doubles the wait with each further one', async () => {
    const time = clock();
    const throttle = createLoginThrottle(createMemoryCounterStore(time.now));
    for (let i = 0; i < 4; i++) await throttle.recordFailure({ username: 'asha' });
    expect(await waitOf(throttle, 'asha')).toBe(0);
    const waits = [];
    for (let i = 0; i < 6; i++) {
      await throttle.recordFailure({ username: 'asha' });
      waits.push(await waitOf(throttle, 'ASHA '));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('never allows more than 100 failures in an hour, however patiently they are spread', async () => {
    const time = clock();
    const throttle = createLoginThrottle(createMemoryCounterStore(time.now));
    let failures = 0;
    let elapsed = 0;
    while (elapsed < 3_600_000) {
      const wait = await waitOf(throttle, 'ravi');
      if (wait > 0) {
        time.advance(wait * 1000);
        elapsed += wait * 1000;
        continue;
      }
      await throttle.recordFailure({ username: 'ravi' });
      failures += 1;
      time.advance(1000);
      elapsed += 1000;
    }
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThanOrEqual(ACCOUNT_FAILURES_PER_HOUR);
  });

  it('a success clears the account, and accounts are counted apart', async () => {
    const throttle = createLoginThrottle(createMemoryCounterStore());
    for (let i = 0; i < 6; i++) await throttle.recordFailure({ username: 'meera' });
    expect(await waitOf(throttle, 'meera')).toBeGreaterThan(0);
    expect(await waitOf(throttle, 'arjun')).toBe(0);
    await throttle.recordSuccess({ username: 'meera' });
    expect(await waitOf(throttle, 'meera')).toBe(0);
  });

  it('counts a known device apart from the account: neither locks the other, nor clears it', async () => {
    const throttle = createLoginThrottle(createMemoryCounterStore());
    for (let i = 0; i < 8; i++) await throttle.recordFailure({ username: 'kiran' });
    expect(await waitOf(throttle, 'kiran')).toBeGreaterThan(0);
    expect(await waitOf(throttle, 'kiran', 'laptop')).toBe(0);
    await throttle.recordSuccess({ username: 'kiran', device: 'laptop' });
    expect(await waitOf(throttle, 'kiran')).toBeGreaterThan(0);

    for (let i = 0; i < FREE_DEVICE_FAILURES - 1; i++)
      await throttle.recordFailure({ username: 'kiran', device: 'phone' });
    expect(await waitOf(throttle, 'kiran', 'phone')).toBe(0);
    await throttle.recordFailure({ username: 'kiran', device: 'phone' });
    expect(await waitOf(throttle, 'kiran', 'phone')).toBe(1);
    expect(await waitOf(throttle, 'kiran', 'laptop')).toBe(0);
  });
});
