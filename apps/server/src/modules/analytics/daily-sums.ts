/**
 * The sums many candidates share, kept in analytics_daily: per grouping of (job, source, creator), figure,
 * stage and detail, as day rows and the month rows they make up. A change adds to them what each candidate
 * counts for (and takes back what it counted for before); a rebuild writes them afresh.
 */
import type { Knex } from 'knex';
import { onConflictAdd, rowsPerInsert } from '../../db/dialect.ts';
import { ACTIVITY_FIGURES, type Contribution, type CountedCandidate, type Figure } from './definitions.ts';

type Db = Knex | Knex.Transaction;

/** Groupings of (job, source, creator): bit 1 keeps the job, 2 the source, 4 the creator; 0 sums all. */
export const GROUP_JOB = 1;
export const GROUP_SOURCE = 2;
export const GROUP_CREATOR = 4;
/**
 * The groupings analytics_daily keeps, per figure. Stage counts and time in stage: all candidates and each
 * source, the groupings many candidates share (a filter naming jobs or a creator sums those candidates'
 * own rows in analytics_candidates instead). Time to hire also per job and per (job, source): the table of
 * every job's time to hire. Activity: for everyone, and over an employee's jobs and own candidates.
 */
const COHORT_GROUPINGS = [0, GROUP_SOURCE] as const;
const HIRE_GROUPINGS = [0, GROUP_JOB, GROUP_SOURCE, GROUP_JOB | GROUP_SOURCE] as const;
/**
 * Kept as month rows only: one (job, source) a day is a row a hire (most of the table); the days of a
 * range's partial months sum that source's candidates who applied on them.
 */
export const MONTHS_ONLY_GROUPING = GROUP_JOB | GROUP_SOURCE;
export const ACTIVITY_GROUPINGS = [0, GROUP_JOB, GROUP_JOB | GROUP_CREATOR] as const;
/** The groupings a filter can read from analytics_daily (stage counts and time in stage). */
export const DAILY_GROUPINGS: ReadonlySet<number> = new Set(COHORT_GROUPINGS);

/**
 * Time grains: 'day' rows ('YYYY-MM-DD') and 'month' rows ('YYYY-MM') of the same sums. Activity is read by
 * week, so it keeps day rows only.
 */
export type Grain = 'day' | 'month';
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * Durations (time in stage, time to hire) are histograms: a row holds LANES adjacent buckets, `detail` is
 * the bucket divided by LANES and `n0`…`n15` the counts, so that a month of one job's durations is a few
 * rows rather than one a bucket. The other figures count in `n0`.
 */
export const LANES = 16;
export const COUNT_COLUMNS = Array.from({ length: LANES }, (_, lane) => `n${lane}`);
const HISTOGRAM_FIGURES: ReadonlySet<string> = new Set(['stay', 'hire']);

const KEY_COLUMNS = [
  'grouping',
  'figure',
  'source',
  'grain',
  'day',
  'job_id',
  'creator_id',
  'stage',
  'detail',
];
const SEP = '\u0000';

/** Sums per row of analytics_daily (keyed by its key columns, in order): the key's values and its lanes. */
type Sum = { key: [number, string, string, Grain, string, number, number, string, string]; lanes: number[] };
export type Sums = Map<string, Sum>;

/** The sum of a row of analytics_daily in `sums`, new (all lanes zero) if it has none yet. */
function sumOf(sums: Sums, key: Sum['key']): Sum {
  // The key's columns as one string (a rebuild makes millions of them).
  const id = key.join(SEP);
  let sum = sums.get(id);
  if (!sum) sums.set(id, (sum = { key, lanes: new Array<number>(LANES).fill(0) }));
  return sum;
}

/**
 * Adds a candidate's contributions (times `sign`) to `sums`, as day rows per grouping; `withMonths` adds
 * the month rows they make up.
 */
export function addContributions(
  sums: Sums,
  candidate: CountedCandidate,
  contributions: readonly Contribution[],
  sign: number,
) {
  for (const c of contributions) {
    const activity = ACTIVITY_FIGURES.has(c.figure);
    const groupings = activity ? ACTIVITY_GROUPINGS : c.figure === 'hire' ? HIRE_GROUPINGS : COHORT_GROUPINGS;
    const histogram = HISTOGRAM_FIGURES.has(c.figure);
    const bucket = histogram ? Number(c.detail) : 0;
    const detail = histogram ? String(Math.floor(bucket / LANES)) : c.detail;
    for (const grouping of groupings) {
      const source = grouping & GROUP_SOURCE ? candidate.source : '';
      const job = grouping & GROUP_JOB ? candidate.jobId : 0;
      const creator = grouping & GROUP_CREATOR ? candidate.creatorId : 0;
      const key: Sum['key'] = [grouping, c.figure, source, 'day', c.day, job, creator, c.stage, detail];
      sumOf(sums, key).lanes[bucket % LANES]! += sign;
    }
  }
}

/**
 * The day rows' sums with the month rows they make up (activity keeps day rows only, and the grouping of
 * months only drops its day rows).
 */
function withMonths(sums: Sums): Sums {
  const all: Sums = new Map();
  for (const [id, sum] of sums) {
    const [grouping, figure, source, , day, job, creator, stage, detail] = sum.key;
    if (!ACTIVITY_FIGURES.has(figure as Figure)) {
      const month = sumOf(all, [
        grouping,
        figure,
        source,
        'month',
        monthOf(day),
        job,
        creator,
        stage,
        detail,
      ]);
      for (let lane = 0; lane < LANES; lane++) month.lanes[lane]! += sum.lanes[lane]!;
      if (grouping === MONTHS_ONLY_GROUPING) continue;
    }
    all.set(id, sum);
  }
  return all;
}

/**
 * Adds the day sums and the month sums they make up to analytics_daily, in one statement a batch, in key
 * order (two changes lock shared rows in the same order, so they never wait on each other in a circle);
 * sums that cancel out are skipped. Without `upsert` (a rebuild's first write into an empty table) the
 * rows are plain inserts. The numbers (computed here) are written into the statement, the strings bound.
 */
export async function applySums(trx: Db, daySums: Sums, upsert = true) {
  const sums = withMonths(daySums);
  const ids = [...sums.keys()].filter((id) => sums.get(id)!.lanes.some((n) => n !== 0)).sort();
  if (ids.length === 0) return;
  const onConflict = !upsert ? '' : onConflictAdd(trx, KEY_COLUMNS, COUNT_COLUMNS);
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new Error(`analytics_daily: ${n} is not a whole number`);
    return n;
  };
  const batch = rowsPerInsert(trx as Knex, 2000);
  for (let i = 0; i < ids.length; i += batch) {
    const tuples: string[] = [];
    const values: string[] = [];
    for (const id of ids.slice(i, i + batch)) {
      const { key, lanes } = sums.get(id)!;
      const [grouping, figure, source, grain, day, job, creator, stage, detail] = key;
      tuples.push(
        `(${int(grouping)}, ?, ?, ?, ?, ${int(job)}, ${int(creator)}, ?, ?, ${lanes.map(int).join(', ')})`,
      );
      values.push(figure, source, grain, day, stage, detail);
    }
    await trx.raw(
      `INSERT INTO analytics_daily (${[...KEY_COLUMNS, ...COUNT_COLUMNS].join(', ')}) VALUES ${tuples.join(', ')} ${onConflict}`,
      values,
    );
  }
}
