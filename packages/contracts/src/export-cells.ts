import { CANDIDATES_EXPORT } from './constants.ts';

const NA = CANDIDATES_EXPORT.missing;

/**
 * The cells the Excel exports (candidates, people) write alike: "N/A" for a missing value, the rupee sign
 * on CTC, "days" after the notice period, a status as a word ("Shortlisted"). One place, so that a person's
 * row reads as their applications' rows do.
 */
export const exportCell = {
  text: (v: string | null | undefined): string => (v == null || v === '' ? NA : v),
  rupees: (v: number | null): string => (v === null ? NA : `₹${v} LPA`),
  notice: (days: number | null): string => (days === null ? NA : `${days} days`),
  status: (status: string): string => status.charAt(0).toUpperCase() + status.slice(1),
};
