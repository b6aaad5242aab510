/**
 * Which rows a caller's pipeline figures are read from: the parts of the candidates they see (each a grouping
 * of analytics_daily, or those candidates' own figures in analytics_candidates) and the periods of a range of
 * days (month rows for the whole months, day rows for the rest).
 */
import type { Knex } from 'knex';
import type { Caller } from '../../lib/caller.ts';
import { GROUP_CREATOR, GROUP_JOB, GROUP_SOURCE, monthOf, type Grain } from './daily-sums.ts';
import { SOURCES } from './tally.ts';

export const DAY_MS = 86_400_000;

/**
 * One part of the candidates a caller's figures cover, as the rows of one grouping: the jobs (all when
 * null), jobs left out, and the source and creator when filtered (the grouping keeps those columns).
 */
export interface Part {
  grouping: number;
  jobs: number[] | null;
  notJobs: number[];
  source: string | null;
  creator: number | null;
}

/** A range of days or months, inclusive; an end left out is open. */
export type Bounds = [string | undefined, string | undefined];
/** What a range of days reads: whole months from month rows (none when null), the rest from day rows. */
export interface Periods {
  months: Bounds | null;
  days: Bounds[];
}

const shiftMonth = (month: string, by: number) => {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 7);
};
/** The last day ('YYYY-MM-DD') of a month ('YYYY-MM'). */
const lastDayOf = (month: string) =>
  new Date(Date.parse(`${shiftMonth(month, 1)}-01T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The periods a range of days (inclusive, an end left out is open) reads: the months it covers whole from
 * month rows, and the days of the months it covers in part from day rows (no dates: month rows only).
 */
export function periodsOf(from?: string, to?: string): Periods {
  const firstMonth = from && !from.endsWith('-01') ? shiftMonth(monthOf(from), 1) : from && monthOf(from);
  const lastMonth = to && to !== lastDayOf(monthOf(to)) ? shiftMonth(monthOf(to), -1) : to && monthOf(to);
  if (firstMonth && lastMonth && firstMonth > lastMonth) return { months: null, days: [[from, to]] };
  const days: Bounds[] = [];
  if (from && !from.endsWith('-01')) days.push([from, lastDayOf(monthOf(from))]);
  if (to && to !== lastDayOf(monthOf(to))) days.push([`${monthOf(to)}-01`, to]);
  return { months: [firstMonth || undefined, lastMonth || undefined], days };
}

/**
 * The parts of the figures a caller sees. Admins: every candidate. Employees: what their candidate list
 * shows, the candidates of the jobs they may edit (created or listed as an editor) and those they added.
 */
export async function partsFor(
  editableJobIds: (caller: Caller) => Promise<Set<number>>,
  caller: Caller,
  filters: { jobId?: number | undefined; source?: string | undefined; creator?: number | undefined },
): Promise<Part[]> {
  const { jobId, source, creator } = filters;
  const bits = (jobId ? GROUP_JOB : 0) | (source ? GROUP_SOURCE : 0) | (creator ? GROUP_CREATOR : 0);
  const base = { source: source ?? null, notJobs: [] as number[] };
  if (caller.role === 'admin') {
    return [{ ...base, grouping: bits, jobs: jobId ? [jobId] : null, creator: creator ?? null }];
  }
  const editable = await editableJobIds(caller);
  const parts: Part[] = [];
  if (editable.size > 0 && (!jobId || editable.has(jobId))) {
    parts.push({
      ...base,
      grouping: bits | GROUP_JOB,
      jobs: jobId ? [jobId] : [...editable],
      creator: creator ?? null,
    });
  }
  if ((!creator || creator === caller.id) && (!jobId || !editable.has(jobId))) {
    parts.push({
      ...base,
      grouping: bits | GROUP_JOB | GROUP_CREATOR,
      jobs: jobId ? [jobId] : null,
      notJobs: jobId ? [] : [...editable],
      creator: caller.id,
    });
  }
  return parts;
}

/** The rows of analytics_daily in a part, of the grain and the periods `periods` names. */
export function daily(db: Knex, part: Part, periods: Periods) {
  const q = db('analytics_daily').where('grouping', part.grouping);
  if (part.grouping & GROUP_JOB) {
    if (part.jobs) q.whereIn('job_id', part.jobs);
    if (part.notJobs.length > 0) q.whereNotIn('job_id', part.notJobs);
  } else q.where('job_id', 0);
  // Each source named (the forms' list): the key's first columns, so that the grain and days that
  // follow them still narrow the rows read.
  if (!(part.grouping & GROUP_SOURCE)) q.where('source', '');
  else q.whereIn('source', part.source ? [part.source] : SOURCES);
  if (!(part.grouping & GROUP_CREATOR)) q.where('creator_id', 0);
  else if (part.creator) q.where('creator_id', part.creator);
  q.where((any) => {
    const between = (grain: Grain, [low, high]: Bounds) => {
      any.orWhere((one) => {
        one.where('grain', grain);
        if (low) one.where('day', '>=', low);
        if (high) one.where('day', '<=', high);
      });
    };
    if (periods.months) between('month', periods.months);
    for (const days of periods.days) between('day', days);
    if (!periods.months && periods.days.length === 0) any.whereRaw('1 = 0');
  });
  return q;
}

/** The same part over the counted candidates (analytics_candidates). */
export function counted(db: Knex, part: Part) {
  const q = db('analytics_candidates');
  if (part.jobs) q.whereIn('job_id', part.jobs);
  if (part.notJobs.length > 0) q.whereNotIn('job_id', part.notJobs);
  if (part.source) q.where('source', part.source);
  if (part.creator) q.where('creator_id', part.creator);
  return q;
}
