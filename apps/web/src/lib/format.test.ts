import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  formatDate,
  formatDateTime,
  formatDeadline,
  formatExperience,
  formatCount,
  formatLpaRange,
  formatWholeRupees,
  toLpa,
} from './format.ts';

describe('salary in words (Indian system)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [19, 'Nineteen'],
    [45, 'Forty Five'],
    [100, 'One Hundred'],
    [999, 'Nine Hundred Ninety Nine'],
    [1000, 'One Thousand'],
    [15_050, 'Fifteen Thousand Fifty'],
    [99_999, 'Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [100_000, 'One Lakh'],
    [1_200_000, 'Twelve Lakh'],
    [1_250_000, 'Twelve Lakh Fifty Thousand'],
    [1_234_567, 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven'],
    [10_000_000, 'One Crore'],
    [12_500_000, 'One Crore Twenty Five Lakh'],
    [10_000_001, 'One Crore One'],
    [123_456_789, 'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine'],
    [1_000_000_000, 'One Hundred Crore'],
    [12_345.9, 'Twelve Thousand Three Hundred Forty Five'],
  ])('%d → %s', (value, words) => {
    expect(amountInWords(value)).toBe(words);
  });
});

describe('rupees and LPA', () => {
  it('groups digits the Indian way with no decimals', () => {
    expect(formatCount(1_234_567)).toBe('12,34,567');
    expect(formatWholeRupees(1_200_000)).toBe('₹12,00,000');
    expect(formatWholeRupees(999)).toBe('₹999');
    expect(formatWholeRupees(12_345_678.6)).toBe('₹1,23,45,679');
  });

  it('shows annual rupees as LPA for the cards', () => {
    expect(toLpa(1_200_000)).toBe('12');
    expect(toLpa(1_250_000)).toBe('12.5');
    expect(toLpa(333_333)).toBe('3.33');
    expect(formatLpaRange(1_200_000, 1_800_000)).toBe('₹12 - ₹18 LPA');
    expect(formatLpaRange(600_000, null)).toBe('₹6 LPA');
  });
});

describe('dates and ranges', () => {
  it('shows a deadline as MMM dd, yyyy, or says why not', () => {
    expect(formatDeadline('2024-03-05')).toBe('Mar 05, 2024');
    expect(formatDeadline(null)).toBe('Not specified');
    expect(formatDeadline('')).toBe('Not specified');
    expect(formatDeadline('next week')).toBe('Invalid date');
  });

  it('shows experience in years', () => {
    expect(formatExperience([0, 2])).toBe('0 - 2 years');
    expect(formatExperience([0, 1])).toBe('0 - 1 year');
  });
});

describe('dates, one format everywhere', () => {
  it('shows a day as "MMM dd, yyyy", from a calendar day or a moment, and a moment with its time', () => {
    expect(formatDate('2026-11-05')).toBe('Nov 05, 2026');
    // 16:11 UTC is 21:41 in Kolkata: moments read on the firm's clock (format.timezone.test.ts).
    expect(formatDate(new Date('2026-11-05T16:11:00Z'))).toBe('Nov 05, 2026');
    expect(formatDateTime(new Date('2026-11-05T16:11:00Z'))).toBe('Nov 05, 2026, 9:41 PM');
    expect(formatDate('not a date')).toBeNull();
    expect(formatDateTime('')).toBeNull();
  });
});
