import { CANDIDATES_EXPORT, type Candidate } from '@portal/contracts';
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

/** A rejected candidate's rejection, as the details screen and the edit form list it. */
export const rejectionItems = (rejection: NonNullable<Candidate['rejection_details']>) => [
  { label: 'Reason', value: rejection.reason },
  { label: 'Stage', value: rejection.stage },
  { label: 'Rejected By', value: rejection.rejected_by_name },
  { label: 'Rejected At', value: formatDay(rejection.rejected_at) },
  { label: 'Comments', value: rejection.comments },
];
