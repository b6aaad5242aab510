/**
 * Pipeline analytics as the screens read them: the funnel, time in stage, time to hire and sources
 * (`pipeline`), each person's moves and rejections per week (`activity`), and the same tables as a workbook.
 * All candidates and one source are summed from analytics_daily (aggregates.ts): month rows for the whole
 * months of the range, day rows for the rest. A filter that names jobs or a creator (and an employee's
 * scope) sums those candidates' own figures (analytics_candidates). The "stale" count reads the counted
 * candidates that entered their stage in the last days.
 */
import type { Knex } from 'knex';
import {
  ANALYTICS_STAGES,
  CANDIDATE_MESSAGES,
  STALE_AFTER_DAYS,
  type ActivityQuery,
  type AnalyticsQuery,
  type PipelineAnalytics,
  type RecruiterActivity,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { endOfDay, startOfDay } from '../../lib/dates.ts';
import { createCandidateAccess } from '../candidates/access.ts';
import { findUserIds } from '../users/refs.ts';
import {
  COUNT_COLUMNS,
  DAILY_GROUPINGS,
  LANES,
  GROUP_CREATOR,
  GROUP_JOB,
  GROUP_SOURCE,
  MONTHS_ONLY_GROUPING,
  decodeEntry,
  decodeFigures,
  FIGURE_LETTERS,
  monthOf,
  type Grain,
} from './aggregates.ts';
import { add, PipelineTally, SOURCES, tallyOf } from './tally.ts';
import { analyticsWorkbook } from './workbook.ts';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;

/**
 * One part of the candidates a caller's figures cover, as the rows of one grouping: the jobs (all when
 * null), jobs left out, and the source and creator when filtered (the grouping keeps those columns).
 */
interface Part {
  grouping: number;
  jobs: number[] | null;
  notJobs: number[];
  source: string | null;
  creator: number | null;
}

/** A range of days or months, inclusive; an end left out is open. */
type Bounds = [string | undefined, string | undefined];
/** What a range of days reads: whole months from month rows (none when null), the rest from day rows. */
interface Periods {
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

/** The sums of a row's lanes (analytics_daily's n0…n15). */
const SUM_LANES = Object.fromEntries(COUNT_COLUMNS.map((n) => [n, n]));
/**
 * A summed row's counts as (detail, n): a histogram's buckets from its lanes (the bucket is its detail
 * × LANES + the lane), else its detail and n0.
 */
function countsOf(row: Row): [string, number][] {
  if (row.figure !== 'stay' && row.figure !== 'hire') return [[String(row.detail), Number(row.n0)]];
  const first = Number(row.detail) * LANES;
  const counts: [string, number][] = [];
  for (let lane = 0; lane < LANES; lane++) {
    const n = Number(row[`n${lane}`]);
    if (n !== 0) counts.push([String(first + lane), n]);
  }
  return counts;
}

/** The Monday ('YYYY-MM-DD') of the ISO week a day falls in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

export function createAnalyticsService({ db, now = () => new Date() }: { db: Knex; now?: () => Date }) {
  const { editableJobIds } = createCandidateAccess({ db });

  /**
   * The parts of the figures a caller sees. Admins: every candidate. Employees: what their candidate list
   * shows, the candidates of the jobs they may edit (created or listed as an editor) and those they added.
   */
  async function partsFor(
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
  function daily(part: Part, periods: Periods) {
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
  function counted(part: Part) {
    const q = db('analytics_candidates');
    if (part.jobs) q.whereIn('job_id', part.jobs);
    if (part.notJobs.length > 0) q.whereNotIn('job_id', part.notJobs);
    if (part.source) q.where('source', part.source);
    if (part.creator) q.where('creator_id', part.creator);
    return q;
  }

  /** The creator filter as a user's row id; -1 (nobody) when it names no user. */
  async function creatorOf(ref: AnalyticsQuery['createdBy']): Promise<number | undefined> {
    if (ref === undefined) return undefined;
    const [id] = await findUserIds(db, [ref]);
    return id ?? -1;
  }

  /** A part many candidates share (all, one source): summed from analytics_daily. */
  function sumDaily(part: Part, periods: Periods, tally: PipelineTally): Promise<void>[] {
    return [
      (async () => {
        const rows = (await daily(part, periods)
          .whereIn('figure', ['top', 'current', 'rejected', 'stay', 'hire'])
          .groupBy('figure', 'stage', 'detail')
          .select('figure', 'stage', 'detail')
          .sum(SUM_LANES)) as Row[];
        for (const r of rows)
          for (const [detail, n] of countsOf(r))
            tally.addFigure(String(r.figure), String(r.stage), detail, n);
      })(),
      sumDailyHiresByJob(part, periods, tally),
      (async () => {
        const rows = (await daily({ ...part, grouping: part.grouping | GROUP_SOURCE }, periods)
          .where('figure', 'top')
          .groupBy('source', 'stage')
          .select('source', 'stage')
          .sum({ n: 'n0' })) as Row[];
        for (const r of rows) tally.addSourceTop(String(r.source), String(r.stage), Number(r.n));
      })(),
    ];
  }

  /**
   * Time to hire per job: the same rows, in the grouping that keeps the job. That of (job, source) keeps
   * months only: the days of the partial months sum the source's candidates who applied then.
   */
  async function sumDailyHiresByJob(part: Part, periods: Periods, tally: PipelineTally) {
    const grouping = part.grouping | GROUP_JOB;
    if (grouping === MONTHS_ONLY_GROUPING && periods.days.length > 0) {
      const q = counted(part).where((any) => {
        for (const [low, high] of periods.days)
          any.orWhere((one) =>
            one.where('applied_at', '>=', startOfDay(low!)).where('applied_at', '<', endOfDay(high!)),
          );
      });
      for (const r of (await q.select('job_id', 'figures')) as Row[])
        for (const c of decodeFigures(String(r.figures)))
          if (c.figure === 'hire') tally.addJobHire(Number(r.job_id), c.stage, c.detail, 1);
    }
    const rows = (await daily(
      { ...part, grouping },
      grouping === MONTHS_ONLY_GROUPING ? { months: periods.months, days: [] } : periods,
    )
      .where('figure', 'hire')
      .groupBy('job_id', 'stage', 'detail')
      .select('job_id', 'stage', 'detail')
      .sum(SUM_LANES)) as Row[];
    for (const r of rows)
      for (const [detail, n] of countsOf({ ...r, figure: 'hire' }))
        tally.addJobHire(Number(r.job_id), String(r.stage), detail, n);
  }

  /**
   * A part that names jobs or a creator: summed from those candidates' own figures. Time in stage counts
   * on the day a stay ended, so candidates who applied before `from` are read too.
   */
  async function sumCandidates(part: Part, { from, to }: AnalyticsQuery, tally: PipelineTally) {
    /** Whether a day ('YYYY-MM-DD') is within the filter's dates. */
    const inRange = (day: string) => !(from && day < from) && !(to && day > to);
    const q = counted(part);
    if (to) q.where('applied_at', '<', endOfDay(to));
    const rows = (await q.select('job_id', 'source', 'figures')) as Row[];
    // A job's candidates share most of their entries: they are counted as text, then each distinct
    // entry is read once (a job of thousands of candidates has tens of thousands of entries).
    const all = new Map<string, number>();
    const hiresByJob = new Map<number, Map<string, number>>();
    const topsBySource = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const [applied, ...entries] = String(r.figures).split(';');
      const appliedInRange = inRange(applied!);
      for (const entry of entries) {
        const letter = entry[0];
        // Time in stage counts on the day the stay ended (in the entry), the others on the applied day.
        if (letter !== FIGURE_LETTERS.stay && !appliedInRange) continue;
        add(all, entry, 1);
        if (letter === FIGURE_LETTERS.hire) add(tallyOf(hiresByJob, Number(r.job_id)), entry, 1);
        else if (letter === FIGURE_LETTERS.top) add(tallyOf(topsBySource, String(r.source)), entry, 1);
      }
    }
    for (const [entry, n] of all) {
      const c = decodeEntry(entry);
      if (c.figure !== 'stay' || inRange(c.day)) tally.addFigure(c.figure, c.stage, c.detail, n);
    }
    for (const [job, entries] of hiresByJob)
      for (const [entry, n] of entries) {
        const c = decodeEntry(entry);
        tally.addJobHire(job, c.stage, c.detail, n);
      }
    for (const [source, entries] of topsBySource)
      for (const [entry, n] of entries) tally.addSourceTop(source, decodeEntry(entry).stage, n);
  }

  /** Candidates of a part that entered their stage recently; the rest of those in the stage are stale. */
  async function countFresh(part: Part, { from, to }: AnalyticsQuery, tally: PipelineTally) {
    const staleSince = new Date(now().getTime() - STALE_AFTER_DAYS * DAY_MS);
    const q = counted(part)
      .whereIn('status', [...ANALYTICS_STAGES])
      .where('stage_since', '>=', staleSince);
    if (from) q.where('applied_at', '>=', startOfDay(from));
    if (to) q.where('applied_at', '<', endOfDay(to));
    const rows = (await q.groupBy('status').select('status').count({ n: '*' })) as Row[];
    for (const r of rows) tally.addFresh(String(r.status), Number(r.n));
  }

  async function pipeline(query: AnalyticsQuery, caller: Caller): Promise<PipelineAnalytics> {
    const { from, to } = query;
    if (from && to && from > to) throw invalid(CANDIDATE_MESSAGES.filterDateOrder);
    const creator = await creatorOf(query.createdBy);
    const parts = await partsFor(caller, { jobId: query.jobId, source: query.source, creator });
    const periods = periodsOf(from, to);
    const tally = new PipelineTally();
    await Promise.all(
      parts.flatMap((part) => [
        ...(DAILY_GROUPINGS.has(part.grouping)
          ? sumDaily(part, periods, tally)
          : [sumCandidates(part, query, tally)]),
        countFresh(part, query, tally),
      ]),
    );
    const titles = new Map(
      ((await db('jobs').whereIn('id', tally.jobIds()).select('id', 'title')) as Row[]).map((r) => [
        Number(r.id),
        String(r.title),
      ]),
    );
    return tally.figures(titles);
  }

  async function activity(query: ActivityQuery, caller: Caller): Promise<RecruiterActivity> {
    const { from, to } = query;
    if (from && to && from > to) throw invalid(CANDIDATE_MESSAGES.filterDateOrder);
    const parts = await partsFor(caller, {});
    const weeks = new Map<string, { week: string; userId: number; moves: number; rejections: number }>();
    for (const part of parts) {
      const rows = (await daily(part, { months: null, days: [[from, to]] })
        .whereIn('figure', ['move', 'rejection'])
        .groupBy('day', 'figure', 'detail')
        .select('day', 'figure', 'detail')
        .sum({ n: 'n0' })) as Row[];
      for (const r of rows) {
        const week = mondayOf(String(r.day));
        const userId = Number(r.detail);
        const key = `${week}|${userId}`;
        let entry = weeks.get(key);
        if (!entry) weeks.set(key, (entry = { week, userId, moves: 0, rejections: 0 }));
        if (r.figure === 'move') entry.moves += Number(r.n);
        else entry.rejections += Number(r.n);
      }
    }
    const users = [...new Set([...weeks.values()].map((w) => w.userId))];
    const names = new Map(
      ((await db('users').whereIn('id', users).select('id', 'name', 'username')) as Row[]).map((r) => [
        Number(r.id),
        String(r.name || r.username),
      ]),
    );
    return {
      weeks: [...weeks.values()]
        .filter((w) => w.moves + w.rejections > 0)
        .sort((a, b) => a.week.localeCompare(b.week) || a.userId - b.userId)
        .map((w) => ({ ...w, name: names.get(w.userId) ?? '' })),
    };
  }

  /** The pipeline's tables as one sheet each, with the definitions. */
  async function pipelineWorkbook(query: AnalyticsQuery, caller: Caller): Promise<Buffer> {
    return analyticsWorkbook(await pipeline(query, caller));
  }

  return { pipeline, activity, pipelineWorkbook };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
