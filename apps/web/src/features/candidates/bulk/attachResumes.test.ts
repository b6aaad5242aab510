import { describe, expect, it } from 'vitest';
import { runPool } from './attachResumes.ts';

describe('runPool', () => {
  it('works through every item with at most `limit` at a time', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5 + (item % 3) * 5));
      done.push(item);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(4);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await runPool([], 4, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
