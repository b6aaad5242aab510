import { describe, expect, it } from 'vitest';
import { edgeStep } from './autoScroll.ts';

/** A board seen from x = 250 to 1190 (a laptop beside the menu); a column's list from y = 200 to 700. */
describe('how fast a held drag scrolls', () => {
  it('not at all in the middle, more the closer to a side, fastest at and past it', () => {
    expect(edgeStep(700, 250, 1190)).toBe(0);
    const near = edgeStep(1150, 250, 1190);
    const nearer = edgeStep(1180, 250, 1190);
    expect(near).toBeGreaterThan(0);
    expect(nearer).toBeGreaterThan(near);
    expect(edgeStep(1190, 250, 1190)).toBe(edgeStep(1400, 250, 1190));
    expect(edgeStep(260, 250, 1190)).toBeLessThan(0);
    expect(edgeStep(100, 250, 1190)).toBe(-edgeStep(1400, 250, 1190));
    // Up and down a column the same way.
    expect(edgeStep(205, 200, 700)).toBeLessThan(0);
    expect(edgeStep(695, 200, 700)).toBeGreaterThan(0);
  });

  it('a box too small for two bands scrolls from its quarters, and an empty one not at all', () => {
    expect(edgeStep(40, 0, 100)).toBe(0);
    expect(edgeStep(80, 0, 100)).toBeGreaterThan(0);
    expect(edgeStep(5, 10, 10)).toBe(0);
  });
});
