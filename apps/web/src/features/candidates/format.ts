import { CANDIDATES_EXPORT } from '@portal/contracts';
import { formatDate } from '../../lib/format.ts';

const NA = CANDIDATES_EXPORT.missing;

/** A stored resume link we may open: ours (`/api/files/…`) or an http(s) address. */
export const isResumeUrl = (url: string | null | undefined): url is string =>
  typeof url === 'string' && (/^https?:\/\//i.test(url) || url.startsWith('/api/files/'));

export const formatYears = (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`;
export const formatCtc = (lpa: number | null | undefined) =>
  lpa === null || lpa === undefined ? NA : `₹${lpa} LPA`;
export const formatNotice = (days: number | null | undefined) =>
  days === null || days === undefined ? NA : `${days} days`;
export const formatDay = (value: string | null | undefined) => (value ? (formatDate(value) ?? NA) : NA);
export const orNA = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? NA : String(value);
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
