import {
  CANDIDATE_LIST_SOURCES,
  isCalendarDate,
  MAX_ID,
  type ActivityQuery,
  type AnalyticsQuery,
  type ClientResponseQuery,
} from '@portal/contracts';
import { wholeIn } from '../../lib/searchParams.ts';

/** The comparisons the screen offers: none, or the period of equal length just before the cohort. */
export const COMPARISONS = ['none', 'previous'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export type AnalyticsSource = (typeof CANDIDATE_LIST_SOURCES)[number];

/** The Analytics screen's filters as they stand in the URL (absent = all). */
export interface AnalyticsSearch {
  jobId?: number;
  source?: AnalyticsSource;
  /** Who created the candidates (a user's row id). */
  createdBy?: number;
  from?: string;
  to?: string;
  compare?: 'previous';
}

const dateOf = (raw: unknown) => (typeof raw === 'string' && isCalendarDate(raw) ? raw : undefined);

/** validateSearch of both Analytics routes: anything malformed falls back to "all". */
export function validateAnalyticsSearch(raw: Record<string, unknown>): AnalyticsSearch {
  const source = (CANDIDATE_LIST_SOURCES as readonly unknown[]).includes(raw.source)
    ? (raw.source as AnalyticsSource)
    : undefined;
  let from = dateOf(raw.from);
  let to = dateOf(raw.to);
  // A cohort that ends before it starts is read the right way round.
  if (from && to && from > to) [from, to] = [to, from];
  const search: AnalyticsSearch = {
    jobId: wholeIn(raw.jobId, 1, MAX_ID),
    source,
    createdBy: wholeIn(raw.createdBy, 1, MAX_ID),
    from,
    to,
    compare: raw.compare === 'previous' ? 'previous' : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as AnalyticsSearch;
}

/** The pipeline figures' query for the filters. */
export const pipelineQueryOf = (s: AnalyticsSearch): AnalyticsQuery => ({
  ...(s.jobId ? { jobId: s.jobId } : {}),
  ...(s.source ? { source: s.source } : {}),
  ...(s.createdBy ? { createdBy: s.createdBy } : {}),
  ...(s.from ? { from: s.from } : {}),
  ...(s.to ? { to: s.to } : {}),
});

/** Recruiter activity is counted over the same period (the other filters do not apply to it). */
export const activityQueryOf = (s: AnalyticsSearch): ActivityQuery => ({
  ...(s.from ? { from: s.from } : {}),
  ...(s.to ? { to: s.to } : {}),
});

/** Client response is read for the same job and period, by the day each link was sent. */
export const clientResponseQueryOf = (s: AnalyticsSearch): ClientResponseQuery => ({
  ...(s.jobId ? { jobId: s.jobId } : {}),
  ...(s.from ? { from: s.from } : {}),
  ...(s.to ? { to: s.to } : {}),
});

const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The period of equal length that ends the day before `from` (both ends inclusive): 1–31 March compares
 * with 29 January–28 February (31 days). Undefined without both ends: "all time" has no period before it.
 */
export function previousPeriod(from: string | undefined, to: string | undefined) {
  if (!from || !to) return undefined;
  const start = dayNumber(from);
  const length = dayNumber(to) - start + 1;
  return { from: dateOfDay(start - length), to: dateOfDay(start - 1) };
}

/** The comparison's filters, or undefined when none is asked for or the cohort has no two ends. */
export function comparisonSearch(s: AnalyticsSearch): AnalyticsSearch | undefined {
  if (s.compare !== 'previous') return undefined;
  const period = previousPeriod(s.from, s.to);
  return period ? { ...s, ...period } : undefined;
}

/**
 * The search with `patch` applied, blanks dropped. Applied to the address as it stands when the change
 * lands: two quick changes (a source, then a date) must both survive, whatever render made them.
 */
export function withPatch(search: AnalyticsSearch, patch: Partial<AnalyticsSearch>): AnalyticsSearch {
  const next = { ...search, ...patch };
  for (const key of Object.keys(next) as (keyof AnalyticsSearch)[])
    if (next[key] === undefined || next[key] === '') delete next[key];
  return next;
}
