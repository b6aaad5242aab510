import { describe, expect, it } from 'vitest';
import { bucketOf, quantileDays } from './definitions.ts';

describe('the duration histograms', () => {
  it('read the median and the 75th percentile within 5 % of the exact (nearest-rank) values', () => {
    let seed = 3;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rand() * 300);
      // From a few minutes to two years, spread over the scale.
      const seconds = Array.from({ length: n }, () => 120 * 10 ** (rand() * 5.7));
      const buckets = new Map<number, number>();
      for (const s of seconds) buckets.set(bucketOf(s), (buckets.get(bucketOf(s)) ?? 0) + 1);
      const sorted = [...seconds].sort((a, b) => a - b);
      for (const q of [0.5, 0.75]) {
        const exact = sorted[Math.max(1, Math.ceil(q * n)) - 1]! / 86_400;
        const read = quantileDays(buckets, q)!;
        // The answer is rounded to hundredths of a day.
        expect(Math.abs(read - exact)).toBeLessThanOrEqual(exact * 0.05 + 0.005);
      }
    }
  });

  it('read nothing from an empty histogram', () => {
    expect(quantileDays(new Map(), 0.5)).toBeNull();
  });
});
