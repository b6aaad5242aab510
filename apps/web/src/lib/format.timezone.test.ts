// A browser outside India: the dates shown must still be the firm's days (Asia/Kolkata). Set before any
// date is read, so that every Date in this file works in this zone, as such a browser's would.
process.env.TZ = 'America/Los_Angeles';

import { describe, expect, it } from 'vitest';
import { firmMomentIso, firmWallClock, formatDate, formatDateTime } from './format.ts';

describe('dates in a browser far from the firm', () => {
  it('runs in that zone', () => {
    // 20:00 UTC on 27 Nov is noon on 27 Nov in California.
    expect(new Date('2026-11-27T20:00:00Z').getDate()).toBe(27);
  });

  it("shows a moment as the firm's day and time, as the Excel files do", () => {
    // 20:00 UTC is 01:30 on 28 Nov in Kolkata.
    expect(formatDate('2026-11-27T20:00:00Z')).toBe('Nov 28, 2026');
    expect(formatDateTime('2026-11-27T20:00:00Z')).toBe('Nov 28, 2026, 1:30 AM');
    expect(formatDateTime('2026-11-27T20:00:00Z', { hours24: true })).toBe('Nov 28, 2026, 01:30');
    expect(formatDateTime('2026-11-28T09:45:00Z')).toBe('Nov 28, 2026, 3:15 PM');
    expect(formatDate(new Date('2026-03-08T10:30:00Z'))).toBe('Mar 08, 2026');
  });

  it('shows a calendar day as it is written, in any zone', () => {
    expect(formatDate('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDate('2026-03-08')).toBe('Mar 08, 2026');
  });

  it('reads nothing into what is no date', () => {
    expect(formatDate('not a date')).toBeNull();
    expect(formatDateTime('')).toBeNull();
  });
});

describe("the firm's wall clock in a form", () => {
  it('reads a moment as the firm’s day and time, and writes them back with the firm’s offset', () => {
    expect(firmWallClock('2026-11-27T20:00:00Z')).toEqual({ date: '2026-11-28', time: '01:30' });
    expect(firmMomentIso('2026-11-28', '01:30')).toBe('2026-11-28T01:30:00+05:30');
    expect(Date.parse(firmMomentIso('2026-11-28', '01:30')!)).toBe(Date.parse('2026-11-27T20:00:00Z'));
    expect(firmMomentIso('2026-11-28', '')).toBeNull();
  });
});
