/**
 * The sums of one part of a caller's candidates, added to a PipelineTally: from analytics_daily for a part many
 * candidates share (all, one source), from the candidates' own figures for one that names jobs or a creator,
 * and the candidates who entered their stage recently (the rest are stale).
 */
import type { Knex } from 'knex';
import { ANALYTICS_STAGES, type AnalyticsQuery } from '@portal/contracts';
import { endOfDay, startOfDay } from '../../lib/dates.ts';
import { COUNT_COLUMNS, GROUP_JOB, GROUP_SOURCE, MONTHS_ONLY_GROUPING } from './daily-sums.ts';
import { FIGURE_LETTERS, decodeEntry, decodeFigures } from './candidate-figures.ts';
import { counted, daily, type Part, type Periods } from './parts.ts';
import { int, total } from '../../lib/rows.ts';
import {
  countsOf,
  type CandidateFiguresRow,
  type FigureSumRow,
  type FreshRow,
  type JobHireSumRow,
  type SourceTopRow,
} from './model.ts';
import { add, tallyOf, type PipelineTally } from './tally.ts';

/** The sums of a row's lanes (analytics_daily's n0…n15). */
const SUM_LANES = Object.fromEntries(COUNT_COLUMNS.map((n) => [n, n]));
/** A part many candidates share (all, one source): summed from analytics_daily. */
export function sumDaily(db: Knex, part: Part, periods: Periods, tally: PipelineTally): Promise<void>[] {
  return [
    (async () => {
      const rows: FigureSumRow[] = await daily(db, part, periods)
        .whereIn('figure', ['top', 'current', 'rejected', 'stay', 'hire'])
        .groupBy('figure', 'stage', 'detail')
        .select('figure', 'stage', 'detail')
        .sum(SUM_LANES);
      for (const r of rows)
        for (const [detail, n] of countsOf(r)) tally.addFigure(r.figure, r.stage, detail, n);
    })(),
    sumDailyHiresByJob(db, part, periods, tally),
    (async () => {
      const rows: SourceTopRow[] = await daily(
        db,
        { ...part, grouping: part.grouping | GROUP_SOURCE },
        periods,
      )
        .where('figure', 'top')
        .groupBy('source', 'stage')
        .select('source', 'stage')
        .sum({ n: 'n0' });
      for (const r of rows) tally.addSourceTop(r.source, r.stage, total(r.n));
    })(),
  ];
}

/**
 * Time to hire per job: the same rows, in the grouping that keeps the job. That of (job, source) keeps
 * months only: the days of the partial months sum the source's candidates who applied then.
 */
async function sumDailyHiresByJob(db: Knex, part: Part, periods: Periods, tally: PipelineTally) {
  const grouping = part.grouping | GROUP_JOB;
  if (grouping === MONTHS_ONLY_GROUPING && periods.days.length > 0) {
    const q = counted(db, part).where((any) => {
      for (const [low, high] of periods.days)
        any.orWhere((one) =>
          one.where('applied_at', '>=', startOfDay(low!)).where('applied_at', '<', endOfDay(high!)),
        );
    });
    const candidates: Pick<CandidateFiguresRow, 'job_id' | 'figures'>[] = await q.select('job_id', 'figures');
    for (const r of candidates)
      for (const c of decodeFigures(r.figures))
        if (c.figure === 'hire') tally.addJobHire(int(r.job_id), c.stage, c.detail, 1);
  }
  const rows: JobHireSumRow[] = await daily(
    db,
    { ...part, grouping },
    grouping === MONTHS_ONLY_GROUPING ? { months: periods.months, days: [] } : periods,
  )
    .where('figure', 'hire')
    .groupBy('job_id', 'stage', 'detail')
    .select('job_id', 'stage', 'detail')
    .sum(SUM_LANES);
  for (const r of rows)
    for (const [detail, n] of countsOf({ ...r, figure: 'hire' }))
      tally.addJobHire(int(r.job_id), r.stage, detail, n);
}

/**
 * A part that names jobs or a creator: summed from those candidates' own figures. Time in stage counts
 * on the day a stay ended, so candidates who applied before `from` are read too.
 */
export async function sumCandidates(
  db: Knex,
  part: Part,
  { from, to }: AnalyticsQuery,
  tally: PipelineTally,
) {
  /** Whether a day ('YYYY-MM-DD') is within the filter's dates. */
  const inRange = (day: string) => !(from && day < from) && !(to && day > to);
  const q = counted(db, part);
  if (to) q.where('applied_at', '<', endOfDay(to));
  const rows: CandidateFiguresRow[] = await q.select('job_id', 'source', 'figures');
  // A job's candidates share most of their entries: they are counted as text, then each distinct
  // entry is read once (a job of thousands of candidates has tens of thousands of entries).
  const all = new Map<string, number>();
  const hiresByJob = new Map<number, Map<string, number>>();
  const topsBySource = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const [applied, ...entries] = r.figures.split(';');
    const appliedInRange = inRange(applied!);
    for (const entry of entries) {
      const letter = entry[0];
      // Time in stage counts on the day the stay ended (in the entry), the others on the applied day.
      if (letter !== FIGURE_LETTERS.stay && !appliedInRange) continue;
      add(all, entry, 1);
      if (letter === FIGURE_LETTERS.hire) add(tallyOf(hiresByJob, int(r.job_id)), entry, 1);
      else if (letter === FIGURE_LETTERS.top) add(tallyOf(topsBySource, r.source), entry, 1);
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
export async function countFresh(
  db: Knex,
  part: Part,
  { from, to }: AnalyticsQuery,
  staleSince: Date,
  tally: PipelineTally,
) {
  const q = counted(db, part)
    .whereIn('status', [...ANALYTICS_STAGES])
    .where('stage_since', '>=', staleSince);
  if (from) q.where('applied_at', '>=', startOfDay(from));
  if (to) q.where('applied_at', '<', endOfDay(to));
  const rows: FreshRow[] = await q.groupBy('status').select('status').count({ n: '*' });
  for (const r of rows) tally.addFresh(r.status, total(r.n));
}
